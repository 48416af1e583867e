import { expect } from 'chai';
import { parseRuntimeConfig } from '../../application/runtime-config';
import { config } from '../fixtures/journey.fixture';

describe('application: the runtime config (CONTRACT §2)', () => {
  it('accepts the contract\'s example and lower-cases brands', () => {
    const parsed = parseRuntimeConfig({ ...config, brands: ['Demo'] });
    expect(parsed.ok && parsed.value.brands).to.deep.equal(['demo']);
  });

  const broken: [string, unknown, string][] = [
    ['not an object', [], 'config.json must be a JSON object'],
    ['no brands', { ...config, brands: [] }, 'brands must be a non-empty list of brand names'],
    ['a fractional limit', { ...config, inactiveTimeLimit: 1.5 }, 'inactiveTimeLimit must be a whole number of seconds above 0'],
    ['a warn time not below the limit', { ...config, inactiveReciprocalWarnTime: 300 }, 'inactiveReciprocalWarnTime must be less than inactiveTimeLimit'],
    ['production as a string', { ...config, production: 'yes' }, 'production must be true or false'],
    ['a relative public site', { ...config, publicSiteUrl: '/home' }, 'publicSiteUrl must be an absolute http(s) URL'],
    ['a javascript: link', { ...config, links: { ...config.links, cookie: 'javascript:alert(1)' } }, 'links.cookie must be an absolute http(s) URL'],
    ['tealium on without its URL', { ...config, useTealiumUtag: true }, 'tealiumUtagUrl must be an absolute URL when useTealiumUtag is true'],
    ['no jwksUri', { ...config, jwksUri: '' }, 'jwksUri must be a non-empty string'],
  ];
  for (const [name, raw, problem] of broken) {
    it(`names the problem: ${name}`, () => {
      const parsed = parseRuntimeConfig(raw);
      expect(parsed.ok).to.equal(false);
      if (!parsed.ok) expect(parsed.error).to.include(problem);
    });
  }
});

import { expect } from 'chai';
import { parseRuntimeConfig } from '../../application/runtime-config';
import { config } from '../fixtures/journey.fixture';

describe('application: the runtime config (CONTRACT §2)', () => {
  it('accepts the contract\'s example and lower-cases brands', () => {
    const parsed = parseRuntimeConfig({ ...config, brands: ['Demo'] });
    expect(parsed.ok && parsed.value.brands).to.deep.equal(['demo']);
  });

  it('accepts brand objects beside plain names (CONTRACT §2): ids for the routes, details for the shell', () => {
    const parsed = parseRuntimeConfig({
      ...config,
      brands: ['Other', { id: 'demo', displayName: 'Demo Bank', legalName: 'Demo Bank Australia Limited', logoUrl: '/brand/demo.svg', primaryColour: '#0B4F8A' }],
    });
    expect(parsed.ok).to.equal(true);
    if (!parsed.ok) return;
    expect(parsed.value.brands).to.deep.equal(['other', 'demo']);
    expect(parsed.value.brandDetails.map((brand) => [brand.id, brand.displayName, brand.legalName, brand.logoUrl, brand.palette.primary])).to.deep.equal([
      ['other', 'Open Banking', undefined, undefined, '#0b4f8a'],
      ['demo', 'Demo Bank', 'Demo Bank Australia Limited', '/brand/demo.svg', '#0b4f8a'],
    ]);
  });

  const broken: [string, unknown, string][] = [
    ['not an object', [], 'config.json must be a JSON object'],
    ['no brands', { ...config, brands: [] }, 'brands must be a non-empty list of brand names or brand objects'],
    ['a fractional limit', { ...config, inactiveTimeLimit: 1.5 }, 'inactiveTimeLimit must be a whole number of seconds above 0'],
    ['a warn time not below the limit', { ...config, inactiveReciprocalWarnTime: 300 }, 'inactiveReciprocalWarnTime must be less than inactiveTimeLimit'],
    ['production as a string', { ...config, production: 'yes' }, 'production must be true or false'],
    ['a relative public site', { ...config, publicSiteUrl: '/home' }, 'publicSiteUrl must be an absolute http(s) URL'],
    ['a javascript: link', { ...config, links: { ...config.links, cookie: 'javascript:alert(1)' } }, 'links.cookie must be an absolute http(s) URL'],
    ['tealium on without its URL', { ...config, useTealiumUtag: true }, 'tealiumUtagUrl must be an absolute URL when useTealiumUtag is true'],
    ['no jwksUri', { ...config, jwksUri: '' }, 'jwksUri must be a non-empty string'],
    // CONTRACT §2 brand objects: each problem named with its position, never a crash.
    ['a brand object without a name', { ...config, brands: [{ id: 'demo', legalName: 'Demo Bank Australia Limited' }] }, 'brands[0].displayName must be a non-empty string'],
    ['a colour name instead of #rrggbb', { ...config, brands: ['demo', { id: 'coastal', displayName: 'Coastal', legalName: 'Coastal Ltd', primaryColour: 'teal' }] }, 'brands[1].primaryColour must be a colour like #0b4f8a'],
    ['a logo on another site', { ...config, brands: [{ id: 'demo', displayName: 'Demo', legalName: 'Demo Ltd', logoUrl: 'https://cdn.example/logo.svg' }] }, 'brands[0].logoUrl must be a path on this site starting with "/" (the Content-Security-Policy allows images from the app\'s own origin only)'],
    ['a brand that is a number', { ...config, brands: [7] }, 'brands[0] must be a brand name or a brand object'],
    ['a brand listed twice', { ...config, brands: ['demo', { id: 'Demo', displayName: 'Demo', legalName: 'Demo Ltd' }] }, 'brands[1] repeats the brand demo'],
  ];
  for (const [name, raw, problem] of broken) {
    it(`names the problem: ${name}`, () => {
      const parsed = parseRuntimeConfig(raw);
      expect(parsed.ok).to.equal(false);
      if (!parsed.ok) expect(parsed.error).to.include(problem);
    });
  }
});

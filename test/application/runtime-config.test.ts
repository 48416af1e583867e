import { expect } from 'chai';
import { parseEntryPageConfig, parseRuntimeConfig } from '../../application/runtime-config';
import { config } from '../fixtures/journey.fixture';

describe('application: the runtime config (CONTRACT §2)', () => {
  it("accepts the contract's example and lower-cases brands", () => {
    const parsed = parseRuntimeConfig({ ...config, brands: ['Demo'] });
    expect(parsed.ok && parsed.value.brands).to.deep.equal(['demo']);
  });

  it('accepts brand objects beside plain names (CONTRACT §2): ids for the routes, details for the shell', () => {
    const parsed = parseRuntimeConfig({
      ...config,
      brands: [
        'Other',
        { id: 'demo', displayName: 'Demo Bank', legalName: 'Demo Bank Australia Limited', logoUrl: '/brand/demo.svg', primaryColour: '#0B4F8A' },
      ],
    });
    expect(parsed.ok).to.equal(true);
    if (!parsed.ok) return;
    expect(parsed.value.brands).to.deep.equal(['other', 'demo']);
    expect(parsed.value.brandDetails.map((brand) => [brand.id, brand.displayName, brand.legalName, brand.logoUrl, brand.palette.primary])).to.deep.equal([
      ['other', 'Open Banking', undefined, undefined, '#0b4f8a'],
      ['demo', 'Demo Bank', 'Demo Bank Australia Limited', '/brand/demo.svg', '#0b4f8a'],
    ]);
  });

  it("issue 22: the CX switches are off unless config.json turns them on; the secure code's lifetime is the configured one", () => {
    const standard = parseRuntimeConfig(config);
    expect(standard.ok && standard.value.cx).to.deep.equal({
      showForgottenDetailsLink: false,
      showNotRegisteredLink: false,
      showSecureKeyHelpLink: false,
      showCdrPolicyLink: false,
      showFooterLinksOnLogin: false,
    });
    expect(standard.ok && standard.value.otpExpirySeconds).to.equal(120);
    const decided = parseRuntimeConfig({ ...config, cx: { showForgottenDetailsLink: true }, otpExpirySeconds: 300 });
    expect(decided.ok && [decided.value.cx.showForgottenDetailsLink, decided.value.cx.showCdrPolicyLink, decided.value.otpExpirySeconds]).to.deep.equal([
      true,
      false,
      300,
    ]);
  });

  it("issue 22: the entry page carries the login's settings, checked as config.json's are", () => {
    const parsed = parseEntryPageConfig({ brands: config.brands, links: config.links, otpExpirySeconds: 90, cx: { showCdrPolicyLink: true } });
    expect(parsed.ok && parsed.value.login).to.deep.equal({
      otpExpirySeconds: 90,
      cx: {
        showForgottenDetailsLink: false,
        showNotRegisteredLink: false,
        showSecureKeyHelpLink: false,
        showCdrPolicyLink: true,
        showFooterLinksOnLogin: false,
      },
    });
    expect(parseEntryPageConfig({ brands: config.brands, links: config.links }).ok, 'a page built without the lifetime').to.equal(false);
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
    [
      'a brand object without a name',
      { ...config, brands: [{ id: 'demo', legalName: 'Demo Bank Australia Limited' }] },
      'brands[0].displayName must be a non-empty string',
    ],
    [
      'a colour name instead of #rrggbb',
      { ...config, brands: ['demo', { id: 'coastal', displayName: 'Coastal', legalName: 'Coastal Ltd', primaryColour: 'teal' }] },
      'brands[1].primaryColour must be a colour like #0b4f8a',
    ],
    [
      'a logo on another site',
      { ...config, brands: [{ id: 'demo', displayName: 'Demo', legalName: 'Demo Ltd', logoUrl: 'https://cdn.example/logo.svg' }] },
      'brands[0].logoUrl must be a path on this site starting with "/" (the Content-Security-Policy allows images from the app\'s own origin only)',
    ],
    ['a brand that is a number', { ...config, brands: [7] }, 'brands[0] must be a brand name or a brand object'],
    ['a brand listed twice', { ...config, brands: ['demo', { id: 'Demo', displayName: 'Demo', legalName: 'Demo Ltd' }] }, 'brands[1] repeats the brand demo'],
    // Issue 22: the secure code's lifetime (CX standards, OTP expiry) is required; the CX switches are named.
    [
      'no otpExpirySeconds',
      { ...config, otpExpirySeconds: undefined },
      'otpExpirySeconds must be a whole number of seconds from 1 to 3600 (how long the bank accepts a secure code)',
    ],
    [
      'otpExpirySeconds in minutes by mistake',
      { ...config, otpExpirySeconds: 2.5 },
      'otpExpirySeconds must be a whole number of seconds from 1 to 3600 (how long the bank accepts a secure code)',
    ],
    [
      'a misspelt cx switch',
      { ...config, cx: { showForgotUsername: true } },
      'cx.showForgotUsername is not a switch (known: showForgottenDetailsLink, showNotRegisteredLink, showSecureKeyHelpLink, showCdrPolicyLink, showFooterLinksOnLogin)',
    ],
    ['a cx switch as a string', { ...config, cx: { showCdrPolicyLink: 'true' } }, 'cx.showCdrPolicyLink must be true or false'],
  ];
  for (const [name, raw, problem] of broken) {
    it(`names the problem: ${name}`, () => {
      const parsed = parseRuntimeConfig(raw);
      expect(parsed.ok).to.equal(false);
      if (!parsed.ok) expect(parsed.error).to.include(problem);
    });
  }
});

import { expect } from 'chai';
import fc from 'fast-check';
import { brandOf, NEUTRAL_BRAND_NAME, parseBrandEntry, parseBrands } from '../../domain/brand';
import { AA_TEXT_CONTRAST, brandPalette, contrastRatio, DEFAULT_BRAND_COLOUR, LIGHT_BACKGROUNDS, relativeLuminance } from '../../domain/brand-colour';

const DEMO = { id: 'Demo', displayName: 'Demo Bank', legalName: 'Demo Bank Australia Limited', logoUrl: '/brand/demo.svg', primaryColour: '#0b4f8a' };
const hexColour = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('domain/brand-colour (DESIGN §3.14, WCAG 2.2 AA 1.4.3)', () => {
  it('computes WCAG luminance and contrast: the known values', () => {
    expect(relativeLuminance('#ffffff')).to.equal(1);
    expect(relativeLuminance('#000000')).to.equal(0);
    expect(contrastRatio('#000000', '#ffffff')).to.equal(21);
    expect(contrastRatio('#ffffff', '#ffffff')).to.equal(1);
    // WebAIM's checker: #767676 on white is 4.54:1, #777777 is 4.48:1 (the AA edge).
    expect(contrastRatio('#767676', '#ffffff')).to.be.closeTo(4.54, 0.01);
    expect(contrastRatio('#777777', '#ffffff')).to.be.closeTo(4.48, 0.01);
    expect(contrastRatio(DEFAULT_BRAND_COLOUR, '#ffffff')).to.be.closeTo(8.4, 0.05);
  });

  it('keeps a colour that is AA on every light background, as configured', () => {
    const palette = brandPalette('#0B4F8A');
    expect(palette).to.include({ primary: '#0b4f8a', adjusted: false });
  });

  it("darkens a colour that would fail AA (a light yellow, the brand's own hue) and says so", () => {
    const palette = brandPalette('#ffd700');
    expect(palette.adjusted).to.equal(true);
    expect(palette.primary).to.not.equal('#ffd700');
    for (const background of LIGHT_BACKGROUNDS) expect(contrastRatio(palette.primary, background)).to.be.at.least(AA_TEXT_CONTRAST);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(palette.primary.slice(i, i + 2), 16));
    expect(r! > b! && g! > b!, 'still a yellow-brown, not grey').to.equal(true);
  });

  it('the default palette: the colour, its hover a quarter darker, its soft tint a tenth of it on white', () => {
    expect(brandPalette(DEFAULT_BRAND_COLOUR)).to.deep.equal({ primary: '#0b4f8a', dark: '#083b68', soft: '#e7edf3', adjusted: false });
  });

  it("no configured colour, or a malformed one, gets the app's default", () => {
    expect(brandPalette(undefined).primary).to.equal(DEFAULT_BRAND_COLOUR);
    expect(brandPalette('red').primary).to.equal(DEFAULT_BRAND_COLOUR);
    expect(brandPalette('#0b4f8aff').primary, 'eight digits are not #rrggbb').to.equal(DEFAULT_BRAND_COLOUR);
    expect(brandPalette('x#7a1f5c').primary, 'text before the colour').to.equal(DEFAULT_BRAND_COLOUR);
  });

  it('any #rrggbb gives a palette whose primary colour is AA on white, the surface and its own soft tint, and under white text', () => {
    fc.assert(
      fc.property(hexColour, (colour) => {
        const palette = brandPalette(colour);
        for (const background of [...LIGHT_BACKGROUNDS, palette.soft])
          expect(contrastRatio(palette.primary, background), `${colour} on ${background}`).to.be.at.least(AA_TEXT_CONTRAST);
        expect(contrastRatio('#ffffff', palette.dark)).to.be.at.least(contrastRatio('#ffffff', palette.primary));
        expect(palette.adjusted).to.equal(palette.primary !== colour);
      }),
      { numRuns: 500 },
    );
  });
});

describe('domain/brand (CONTRACT §2 brands, DESIGN §3.14)', () => {
  it('a brand object gives its name, legal name, logo and colour; the id is lower-cased', () => {
    const parsed = parseBrandEntry(DEMO, 0);
    expect(parsed.ok && [parsed.value.id, parsed.value.displayName, parsed.value.legalName, parsed.value.logoUrl, parsed.value.palette.primary]).to.deep.equal([
      'demo',
      'Demo Bank',
      'Demo Bank Australia Limited',
      '/brand/demo.svg',
      '#0b4f8a',
    ]);
  });

  it('a plain-string brand gets neutral defaults: no bank name, no legal name, the drawn mark, the default colour', () => {
    const parsed = parseBrandEntry('Demo', 0);
    expect(parsed.ok && parsed.value).to.deep.include({ id: 'demo', displayName: NEUTRAL_BRAND_NAME, legalName: undefined, logoUrl: undefined });
    expect(parsed.ok && parsed.value.palette.primary).to.equal(DEFAULT_BRAND_COLOUR);
  });

  const broken: [string, unknown, string][] = [
    ['an empty name', '  ', 'brands[3] must be a brand name or a brand object, not an empty string'],
    ['null', null, 'brands[3] must be a brand name or a brand object'],
    ['a list', ['demo'], 'brands[3] must be a brand name or a brand object'],
    ['no id', { ...DEMO, id: undefined }, 'brands[3].id must be a non-empty string'],
    ['an id that cannot name a route', { ...DEMO, id: 'demo bank' }, 'brands[3].id must be letters, digits or "-" (it names the route demo bank_accc_aisp)'],
    ['a blank legal name', { ...DEMO, legalName: ' ' }, 'brands[3].legalName must be a non-empty string'],
    ['a name of 81 characters', { ...DEMO, displayName: 'x'.repeat(81) }, 'brands[3].displayName must have at most 80 characters'],
    [
      'a protocol-relative logo',
      { ...DEMO, logoUrl: '//evil.example/logo.svg' },
      'brands[3].logoUrl must be a path on this site starting with "/" (the Content-Security-Policy allows images from the app\'s own origin only)',
    ],
    [
      'a javascript: logo',
      { ...DEMO, logoUrl: 'javascript:alert(1)' },
      'brands[3].logoUrl must be a path on this site starting with "/" (the Content-Security-Policy allows images from the app\'s own origin only)',
    ],
    ['a three-digit colour', { ...DEMO, primaryColour: '#fff' }, 'brands[3].primaryColour must be a colour like #0b4f8a'],
    ['a colour as a number', { ...DEMO, primaryColour: 0x0b4f8a }, 'brands[3].primaryColour must be a colour like #0b4f8a'],
    [
      'a logo path with a space',
      { ...DEMO, logoUrl: '/brand/demo logo.svg' },
      'brands[3].logoUrl must be a path on this site starting with "/" (the Content-Security-Policy allows images from the app\'s own origin only)',
    ],
    [
      'a logo as a list (not a string, even if it reads as a path)',
      { ...DEMO, logoUrl: ['/brand/demo.svg'] },
      'brands[3].logoUrl must be a path on this site starting with "/" (the Content-Security-Policy allows images from the app\'s own origin only)',
    ],
    ['a colour as a list', { ...DEMO, primaryColour: ['#0b4f8a'] }, 'brands[3].primaryColour must be a colour like #0b4f8a'],
    ['a colour of eight digits', { ...DEMO, primaryColour: '#0b4f8aff' }, 'brands[3].primaryColour must be a colour like #0b4f8a'],
    [
      'two misspelt fields',
      { ...DEMO, primaryColor: '#0b4f8a', logo: '/x.svg' },
      'brands[3] has unknown fields primaryColor, logo (allowed: id, displayName, legalName, logoUrl, primaryColour)',
    ],
    [
      'a misspelt field',
      { ...DEMO, primaryColor: '#0b4f8a' },
      'brands[3] has unknown field primaryColor (allowed: id, displayName, legalName, logoUrl, primaryColour)',
    ],
  ];
  for (const [name, raw, problem] of broken) {
    it(`names the problem: ${name}`, () => {
      const parsed = parseBrandEntry(raw, 3);
      expect(parsed.ok).to.equal(false);
      if (!parsed.ok) expect(parsed.error).to.include(problem);
    });
  }

  it('a missing id is one problem, not also a bad route name', () => {
    expect(parseBrandEntry({ ...DEMO, id: undefined }, 3)).to.deep.equal({ ok: false, error: ['brands[3].id must be a non-empty string'] });
  });

  it('names are trimmed; 80 characters are allowed; logo and colour are optional; a configured colour is used', () => {
    const name80 = 'x'.repeat(80);
    const parsed = parseBrandEntry({ id: ' Acme ', displayName: ` ${name80} `, legalName: ' Acme Bank Limited ', primaryColour: '#7a1f5c' }, 0);
    expect(parsed.ok && [parsed.value.id, parsed.value.displayName, parsed.value.legalName, parsed.value.logoUrl, parsed.value.palette.primary]).to.deep.equal([
      'acme',
      name80,
      'Acme Bank Limited',
      undefined,
      '#7a1f5c',
    ]);
    const plain = parseBrandEntry({ id: 'acme', displayName: 'Acme', legalName: 'Acme Bank Limited' }, 0);
    expect(plain.ok && plain.value.palette.primary).to.equal(DEFAULT_BRAND_COLOUR);
    const named = parseBrandEntry(' Demo ', 0);
    expect(named.ok && named.value.id).to.equal('demo');
  });

  it('the neutral name is "Open Banking"; before the token is verified the brand has no id', () => {
    expect(NEUTRAL_BRAND_NAME).to.equal('Open Banking');
    expect(brandOf([], undefined).id).to.equal('');
  });

  it("a list: non-empty, each id once, every entry's problems together", () => {
    expect(parseBrands([])).to.deep.equal({ ok: false, error: ['brands must be a non-empty list of brand names or brand objects'] });
    expect(parseBrands('demo')).to.deep.equal({ ok: false, error: ['brands must be a non-empty list of brand names or brand objects'] });
    const twice = parseBrands(['demo', DEMO]);
    expect(!twice.ok && twice.error).to.deep.equal(['brands[1] repeats the brand demo']);
    const one = parseBrands(['demo']);
    expect(one.ok && one.value.map((brand) => brand.id)).to.deep.equal(['demo']);
    const two = parseBrands([{}, { ...DEMO, primaryColour: 'blue' }]);
    expect(!two.ok && two.error).to.include.members(['brands[0].id must be a non-empty string', 'brands[1].primaryColour must be a colour like #0b4f8a']);
  });

  it('never throws, whatever the config holds', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        parseBrands(raw);
        parseBrands([raw]);
      }),
    );
  });

  it("the token's brand picks the entry (any case); before the token is verified, or for an unknown brand, the neutral brand", () => {
    const parsed = parseBrands(['other', DEMO]);
    const brands = parsed.ok ? parsed.value : [];
    expect(brandOf(brands, 'DEMO').displayName).to.equal('Demo Bank');
    expect(brandOf(brands, 'other').displayName).to.equal(NEUTRAL_BRAND_NAME);
    expect(brandOf(brands, undefined).displayName).to.equal(NEUTRAL_BRAND_NAME);
    expect(brandOf(brands, 'acme').legalName).to.equal(undefined);
  });
});

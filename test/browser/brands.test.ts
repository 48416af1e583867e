// DESIGN §3.14 "Brands come from config" in real Chromium at 320 and 1280 px: the token's brand
// picks the name, logo, legal name and colour; a colour below AA is darkened; a plain-string brand
// is neutral; a bad brand object is a startup error naming the problem, never a crash.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { copy } from '../../domain/copy';
import { brandPalette, contrastRatio } from '../../domain/brand-colour';
import { NEUTRAL_BRAND_NAME } from '../../domain/brand';
import { SANDBOX_BRANDS, sandboxConfig } from '../../sandbox/sandbox-config';
import { axeViolations, browserSuite, sidewaysScrollers } from './browser-harness';
import { logIn, onStep, loginReady, waitForAnimations } from './consent-app-driver';

const YEAR = new Date().getFullYear();
const rgb = (hex: string): string => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** What the customer sees of the brand: the logo's name and image, the copyright line, the header's rule and the help links' colour. */
const brandShown = (page: Page) =>
  page.evaluate(() => {
    const logo = document.querySelector('header [role="img"]');
    const image = logo?.querySelector('img');
    const header = document.querySelector('.site-header');
    const link = document.querySelector('main .btn-link');
    return {
      name: logo?.getAttribute('aria-label'),
      image: image === null || image === undefined ? undefined : new URL(image.src).pathname,
      imageLoaded: image === null || image === undefined ? undefined : image.complete && image.naturalWidth > 0,
      copyright: document.querySelector('.copyright')?.textContent,
      rule: header === null ? undefined : getComputedStyle(header).borderBottomColor,
      link: link === null ? undefined : getComputedStyle(link).color,
    };
  });

/** The phone (320 px) and the desktop (1280 px). */
const WIDTHS = [
  { width: 320, height: 640 },
  { width: 1280, height: 900 },
] as const;

describe('browser: brands from config (DESIGN §3.14, CONTRACT §2)', function () {
  this.timeout(60_000);
  const suite = browserSuite();

  /** Opens the app at 320 px for `brand`, with config.json's brands replaced when `brands` is given. */
  async function open(brand: string, brands?: unknown[]): Promise<{ page: Page; console: string[] }> {
    const page = await suite.reusedPage(WIDTHS[0]);
    const console: string[] = [];
    page.on('console', (message) => console.push(message.text()));
    if (brands !== undefined) {
      await page.route('**/config/config.json', (route) => route.fulfill({ json: { ...sandboxConfig(), brands } }));
    }
    await page.goto(await suite.harness.entryUrl({ brand }));
    return { page, console };
  }

  /**
   * Issue 32: each screen is reached once and checked at 320 and at 1280 px in turn (the page
   * resized): the layout is the stylesheet's, which reads the width only through media queries.
   */
  async function atEachWidth(page: Page, check: (width: number) => Promise<void>): Promise<void> {
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      // A media query that changes with the width may start a transition: checked at rest, as a page opened at this width.
      await waitForAnimations(page);
      await check(viewport.width);
    }
  }

  for (const brand of SANDBOX_BRANDS) {
    it(`${brand.displayName}: its name, logo, legal name and colour, on the login and the account step, at 320 and 1280 px; axe at 0`, async () => {
      const { page } = await open(brand.id);
      await loginReady(page);
      await page.locator('header img').evaluate((image: HTMLImageElement) => image.decode());
      await atEachWidth(page, async (width) => {
        expect(await brandShown(page), `at ${width} px`).to.deep.equal({
          name: brand.displayName,
          image: brand.logoUrl,
          imageLoaded: true,
          copyright: `© ${YEAR} ${brand.legalName}. All rights reserved.`,
          rule: rgb(brand.primaryColour),
          link: rgb(brand.primaryColour),
        });
        expect(await axeViolations(page), `axe on the login at ${width} px`).to.deep.equal([]);
        expect(await sidewaysScrollers(page), `at ${width} px`).to.deep.equal([]);
      });
      await logIn(page, 'jane.citizen');
      await onStep(page, copy.steps.selectAccounts);
      await atEachWidth(page, async (width) => {
        expect((await brandShown(page)).name, `at ${width} px`).to.equal(brand.displayName);
        expect(await axeViolations(page), `axe on the account step at ${width} px`).to.deep.equal([]);
      });
    });
  }

  // What does not depend on the layout, at the phone's width only (issue 32 item 2).
  it('a configured colour below AA (a light yellow) is darkened to its AA shade, and the bank is told in the console', async () => {
    const { page, console } = await open('coastal', [SANDBOX_BRANDS[0], { ...SANDBOX_BRANDS[1], primaryColour: '#ffd700' }]);
    await loginReady(page);
    const expected = brandPalette('#ffd700').primary;
    expect(contrastRatio(expected, '#ffffff')).to.be.at.least(4.5);
    const shown = await brandShown(page);
    expect(shown.rule).to.equal(rgb(expected));
    expect(shown.link).to.equal(rgb(expected));
    expect(console.some((line) => line.includes('Brand coastal') && line.includes(expected))).to.equal(true);
    expect(await axeViolations(page)).to.deep.equal([]);
  });

  it('a plain-string brand is neutral: no bank name, the drawn mark, a copyright line without a holder', async () => {
    const { page } = await open('coastal', ['demo', 'coastal']);
    await loginReady(page);
    expect(await brandShown(page)).to.deep.include({
      name: NEUTRAL_BRAND_NAME,
      image: undefined,
      copyright: `© ${YEAR}. All rights reserved.`,
      rule: rgb('#0b4f8a'),
      link: rgb('#0b4f8a'),
    });
    expect(await page.locator('header svg.logo-mark').count()).to.equal(1);
    expect(await axeViolations(page)).to.deep.equal([]);
  });

  it('a logo file that does not load falls back to the drawn mark, the name still shown', async () => {
    const { page } = await open('demo', [{ ...SANDBOX_BRANDS[0], logoUrl: '/brand/missing.svg' }, SANDBOX_BRANDS[1]]);
    await loginReady(page);
    await page.locator('header svg.logo-mark').waitFor();
    expect((await brandShown(page)).name).to.equal('Demo Bank');
    expect(await page.locator('header img').count()).to.equal(0);
  });

  it('a bad brand object is the startup error page, and the console names the field', async () => {
    const { page, console } = await open('demo', [{ ...SANDBOX_BRANDS[0], primaryColour: 'blue' }]);
    await page.getByRole('heading', { name: copy.failure.title }).waitFor();
    expect(console.some((line) => line.includes('brands[0].primaryColour must be a colour like #0b4f8a'))).to.equal(true);
    expect(await axeViolations(page)).to.deep.equal([]);
  });
});

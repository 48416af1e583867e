// Issue 15 "a login form at HTML speed" (docs/prerendered-login.md): the login form rendered at
// build time, the entry page that carries it, and the script that decides before the first
// paint whether a launch lands on it.
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import fc from 'fast-check';
import { ENTRY_LOADING_ID, indexHtml, LOADING_MARKUP, LOADING_TITLE, prerenderEntry } from '../../esbuild.config.mjs';
import { ENTRY_ATTRIBUTE, ENTRY_SCRIPT } from '../../adapters/entry-page-script';
import { ENTRY_SCRIPT_HASH_SOURCE } from '../../adapters/web-security-headers';
import { decisionKeyName, REDIRECT_JWT_KEY } from '../../adapters/browser-address-names';
import { copy } from '../../domain/copy';
import { transition } from '../../domain/flow-model';
import { initialFlowState } from '../../domain/flow-state';
import { awaitingLogin } from '../../domain/flow-transition';
import { renderEntryPage } from '../../ui/web/prerender/entry-page';
import { ENTRY_LOADING_ID as TAKE_OVER_LOADING_ID } from '../../ui/web/shell/take-over';

const config = (): Record<string, unknown> => JSON.parse(readFileSync(new URL('../../config/config.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('build: the pre-rendered login form (issue 15)', function () {
  this.timeout(60_000);
  let markup = '';
  let title = '';

  before(async () => {
    ({ markup, title } = await prerenderEntry());
  });

  it('is the login step as it shows while the token is verified: the form, Continue, Cancel and the help links disabled, no recipient, no link address, no year', () => {
    expect(title).to.equal(copy.windowTitle(copy.steps.login));
    expect(markup).to.include(`<h1 tabindex="-1" class="step-title">${copy.steps.login}</h1>`);
    expect(markup).to.include('<p class="step-intro"></p>');
    expect(markup).to.include(copy.login.heading);
    expect(markup).to.match(/<input[^>]*name="username"[^>]*value=""/);
    expect(markup).to.match(/<input[^>]*name="secureCode"[^>]*value=""/);
    expect(markup).to.match(/<button type="submit" class="btn btn-primary" disabled="">Continue<\/button>/);
    expect(markup.match(/<button type="button" class="btn-link" disabled="">/g), 'the three help links wait').to.have.length(3);
    expect(markup).to.match(/<button type="button" class="btn btn-link" disabled="">Cancel<\/button>/);
    expect(markup).not.to.match(/href="http/);
    expect(markup).to.include(`<a>${copy.login.cdrPolicy}</a>`);
    expect(markup).to.include('<p class="copyright"></p>');
    expect(markup).not.to.include('loading-mask');
    expect(markup).not.to.include('aria-busy="true"');
  });

  it('does not depend on the configuration: another bank\'s brands and links give the same markup (what the browser hydrates under any config.json)', () => {
    const other = { ...config(), brands: ['coastal', { id: 'other', displayName: 'Other Bank', legalName: 'Other Bank Ltd', primaryColour: '#aa0000' }], publicSiteUrl: 'https://other.example', links: Object.fromEntries(Object.keys(config()['links'] as object).map((key) => [key, `https://other.example/${key}`])) };
    expect(renderEntryPage(other).markup).to.equal(markup);
  });

  it('names a malformed build config', () => {
    expect(() => renderEntryPage({ ...config(), inactiveTimeLimit: 'soon' })).to.throw(/config\/config\.json is malformed:\n- .*inactiveTimeLimit/);
  });

  it('the entry page carries it in #root, the loading screen beside it, and the entry script in the head before the stylesheet; the CSP allows that script by its hash', async () => {
    const prerendered = await prerenderEntry();
    const html = indexHtml({ script: 'main-1.js', stylesheet: 'main-1.css', prerendered });
    expect(html).to.include(`<title>${title}</title>`);
    expect(html).to.include(`<div id="root">${markup}</div>`);
    expect(html).to.include(`<div id="${ENTRY_LOADING_ID}" class="entry-loading"><main class="site-main">${LOADING_MARKUP}</main></div>`);
    expect(ENTRY_LOADING_ID).to.equal(TAKE_OVER_LOADING_ID);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(inline).to.deep.equal([ENTRY_SCRIPT]);
    expect(html.indexOf(ENTRY_SCRIPT)).to.be.below(html.indexOf('rel="stylesheet"'));
    expect(`'sha256-${createHash('sha256').update(inline[0]!, 'utf8').digest('base64')}'`).to.equal(ENTRY_SCRIPT_HASH_SOURCE);
  });
});

/** Runs the entry script as a browser would at `url`, with this session storage; returns what it set. */
function runEntryScript(url: string, stored: Record<string, string> = {}, nowMs = Date.UTC(2026, 10, 24)): { entry: string | undefined; title: string } {
  const attributes = new Map<string, string>();
  const document = { title: 'Consent to share data | Open Banking', documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
  const sessionStorage = { getItem: (key: string) => stored[key] ?? null };
  const context = vm.createContext({
    location: new URL(url),
    window: { sessionStorage },
    document,
    URLSearchParams,
    atob,
    JSON,
    Date: { now: () => nowMs },
    decodeURIComponent,
  });
  vm.runInContext(ENTRY_SCRIPT, context);
  return { entry: attributes.get(ENTRY_ATTRIBUTE), title: document.title };
}

const NOW_S = Date.UTC(2026, 10, 24) / 1000;
const jwt = (claims: unknown): string => `eyJhbGciOiJQUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2lnbmF0dXJl`;
const live = jwt({ exp: NOW_S + 600, brand: 'demo' });

describe('build: the entry script decides before the first paint whether the launch lands on the login form (issue 15)', () => {
  const cases: [string, string, Record<string, string>, 'login' | 'elsewhere'][] = [
    ['a launch with a live token', `https://bank.example/demo_accc_aisp?redirectJwt=${live}`, {}, 'login'],
    ['a reload: the token kept in the tab', 'https://bank.example/demo_accc_aisp', { [REDIRECT_JWT_KEY]: live }, 'login'],
    ['a reload after Cancel (a reject key is not replayed)', 'https://bank.example/demo_accc_aisp', { [REDIRECT_JWT_KEY]: live, [decisionKeyName('reject')]: 'k' }, 'login'],
    ['an error route', `https://bank.example/incorrect_jwt?redirectJwt=${live}`, {}, 'elsewhere'],
    ['authorize_failure with its error', 'https://bank.example/x/authorize_failure/?error=eyJ9', {}, 'elsewhere'],
    ['consent_fetch_failure, percent-encoded', `https://bank.example/consent%5Ffetch%5Ffailure?redirectJwt=${live}`, {}, 'elsewhere'],
    ['no token', 'https://bank.example/demo_accc_aisp', {}, 'elsewhere'],
    ['an empty token', 'https://bank.example/demo_accc_aisp?redirectJwt=', {}, 'elsewhere'],
    ['not a JWT', 'https://bank.example/demo_accc_aisp?redirectJwt=forged', {}, 'elsewhere'],
    ['a payload that is not JSON', 'https://bank.example/demo_accc_aisp?redirectJwt=a.bm90IGpzb24.c', {}, 'elsewhere'],
    ['a payload that is null', `https://bank.example/demo_accc_aisp?redirectJwt=${jwt(null)}`, {}, 'elsewhere'],
    ['four parts', `https://bank.example/demo_accc_aisp?redirectJwt=${live}.x`, {}, 'elsewhere'],
    ['no exp', `https://bank.example/demo_accc_aisp?redirectJwt=${jwt({ brand: 'demo' })}`, {}, 'elsewhere'],
    ['an exp that is a string', `https://bank.example/demo_accc_aisp?redirectJwt=${jwt({ exp: String(NOW_S + 600) })}`, {}, 'elsewhere'],
    ['an expired token', `https://bank.example/demo_accc_aisp?redirectJwt=${jwt({ exp: NOW_S - 1 })}`, {}, 'elsewhere'],
    ['a decision to replay after a reload', 'https://bank.example/demo_accc_aisp', { [REDIRECT_JWT_KEY]: live, [decisionKeyName('approve')]: 'k' }, 'elsewhere'],
    ['a path that cannot be decoded', `https://bank.example/%E0%A4%A?redirectJwt=${live}`, {}, 'login'],
  ];
  for (const [name, url, stored, expected] of cases) {
    it(`${name}: ${expected}`, () => {
      const result = runEntryScript(url, stored);
      expect(result.entry).to.equal(expected);
      expect(result.title).to.equal(expected === 'login' ? copy.windowTitle(copy.steps.login) : LOADING_TITLE);
    });
  }

  it('storage that cannot be read (disabled) leaves the token of the address', () => {
    const context = vm.createContext({
      location: new URL(`https://bank.example/demo_accc_aisp?redirectJwt=${live}`),
      window: Object.defineProperty({}, 'sessionStorage', { get: () => { throw new Error('SecurityError'); } }),
      document: { title: '', documentElement: { setAttribute(this: void, _name: string, value: string) { (context as { entry?: string }).entry = value; } } },
      URLSearchParams, atob, JSON, Date: { now: () => NOW_S * 1000 }, decodeURIComponent,
    });
    vm.runInContext(ENTRY_SCRIPT, context);
    expect((context as { entry?: string }).entry).to.equal('login');
  });

  it('agrees with the flow model: "login" exactly when the launch leaves the model awaiting its login step (any route, token and stored decision)', () => {
    const routes = fc.constantFrom('', 'demo_accc_aisp', 'incorrect_jwt', 'authorize_failure', 'consent_fetch_failure', 'service_unavailable', 'select-and-confirm');
    fc.assert(fc.property(routes, fc.option(fc.constant(live), { nil: undefined }), fc.option(fc.constant(live), { nil: undefined }), fc.constantFrom(undefined, 'approve', 'reject'), (route, inAddress, inStorage, decided) => {
      const stored: Record<string, string> = {};
      if (inStorage !== undefined) stored[REDIRECT_JWT_KEY] = inStorage;
      if (decided !== undefined) stored[decisionKeyName(decided as 'approve' | 'reject')] = 'k';
      const url = `https://bank.example/${route}${inAddress === undefined ? '' : `?redirectJwt=${inAddress}`}`;
      const script = runEntryScript(url, stored).entry;
      const start = initialFlowState({ brands: ['demo'], production: false, inactivity: { inactiveTimeLimit: 300, inactiveReciprocalWarnTime: 60 }, publicSiteUrl: '' }, NOW_S * 1000);
      const launched = transition(start, { type: 'launched', route, jwtFromAddress: inAddress, jwtFromStorage: inAddress === undefined ? inStorage : undefined, errorParam: undefined, decided: decided as 'approve' | 'reject' | undefined }, NOW_S * 1000);
      expect(script).to.equal(awaitingLogin(launched.state) ? 'login' : 'elsewhere');
    }));
  });
});

// Issue 15 "a login form at HTML speed" (docs/prerendered-login.md): the login form rendered at
// build time, the entry page that carries it, and the script that decides before the first
// paint whether a launch lands on it.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import fc from 'fast-check';
import { enableStaticRendering } from 'mobx-react-lite';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  ENTRY_CONFIG_ID,
  ENTRY_LOADING_ID,
  entryScript,
  indexHtml,
  inlineStylesheet,
  LOADING_MARKUP,
  LOADING_TITLE,
  prerenderEntry,
} from '../../esbuild.config.mjs';
import { inlineSourcesOf } from '../../contract/web-security-headers';
import { cspHash } from '../support/csp-hash';
import { BRAND_ATTRIBUTE, decisionKeyName, EARLY_ACTION_ATTRIBUTE, ENTRY_ATTRIBUTE, REDIRECT_JWT_KEY } from '../../adapters/browser-address-names';
import { FlowController } from '../../application/flow-controller';
import { ENTRY_PAGE } from '../../application/ports/entry-page.port';
import type { TokenVerifier } from '../../application/ports/token-verifier.port';
import { parseEntryPageConfig, parseRuntimeConfig } from '../../application/runtime-config';
import { SessionStore } from '../../application/stores/session.store';
import { App } from '../../ui/web/app';
import { ServicesProvider } from '../../ui/web/services-context';
import { createTestContainer, defaultPorts } from '../support/test-container';
import { copy } from '../../domain/copy';
import { transition } from '../../domain/flow-model';
import { initialFlowState } from '../../domain/flow-state';
import { awaitingLogin } from '../../domain/flow-view';
import { renderEntryPage } from '../../ui/web/prerender/entry-page';
import { launchEntry } from '../../ui/web/take-over/entry-script';

const config = (): Record<string, unknown> => JSON.parse(readFileSync(new URL('../../config/config.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('build: the pre-rendered login form (issues 15 and 20)', function () {
  this.timeout(60_000);
  let prerendered: Awaited<ReturnType<typeof prerenderEntry>>;
  let markup = '';
  let title = '';

  before(async () => {
    prerendered = await prerenderEntry();
    ({ markup, title } = prerendered);
  });

  it('is the login step as it shows while the token is verified: the form, no recipient, no year; its buttons take a press (issue 20)', () => {
    expect(title).to.equal(copy.windowTitle(copy.steps.login));
    expect(markup).to.include(`<h1 tabindex="-1" class="step-title">${copy.steps.login}</h1>`);
    expect(markup).to.include('<p class="step-intro"></p>');
    expect(markup).to.include(copy.login.heading);
    expect(markup).to.match(/<input[^>]*name="username"[^>]*value=""/);
    expect(markup).to.match(/<input[^>]*name="secureCode"[^>]*value=""/);
    expect(markup).to.match(/<button type="submit" class="btn btn-primary">Continue<\/button>/);
    expect(markup).not.to.match(/<button[^>]*disabled/);
    // Issue 22: the CX standards by default: the lost-key help only (no forgotten-details link, no registration offer).
    expect(
      markup.match(/<button type="button" class="btn-link" data-early-action="(forgotUsername|notRegistered|lostSecureKey)">/g),
      'the one help link',
    ).to.deep.equal(['<button type="button" class="btn-link" data-early-action="lostSecureKey">']);
    expect(markup, "the code's lifetime, from the first paint").to.include('Each code expires 2 minutes after your app generates it.');
    expect(markup).to.include('Third parties never need your online banking password to access your data, and we will never ask for it here.');
    expect(markup).to.match(/<button type="button" class="btn btn-link" data-early-action="cancel">Cancel<\/button>/);
    expect(markup).to.include('<p class="login-ack" role="status"></p>');
    expect(markup).to.include('<p class="copyright"></p>');
    expect(markup).not.to.include('data-ready');
    expect(markup).not.to.include('loading-mask');
    expect(markup).not.to.include('aria-busy="true"');
  });

  it("carries every brand of the build's config.json, each a hidden variant that the page's rules show for the token's brand, and the config's links (issue 20)", () => {
    const built = config();
    for (const brand of built['brands'] as { id: string; displayName: string; logoUrl: string }[]) {
      expect(markup).to.include(`data-brand="${brand.id}" data-brand-variant="${brand.id}"`);
      // Issue 33 item 17: a hidden brand's logo is never fetched, and the shown one is not built before the form's first paint.
      expect(markup).to.include(`<img class="logo-image" src="${brand.logoUrl}" alt="" height="32" loading="lazy"/>`);
      expect(prerendered.brandStyles).to.include(`html[data-brand="${brand.id}"] .logo[data-brand-variant="${brand.id}"]{display:flex}`);
      expect(prerendered.brandStyles).to.match(new RegExp(`html\\[data-brand="${brand.id}"\\]\\{--color-brand:#[0-9a-f]{6};`));
    }
    expect(markup, 'no image preloaded ahead of the form').not.to.include('rel="preload" as="image"');
    // Issue 22: the login shows no other documents by default (CX standards, Friction); the page still carries the links.
    for (const href of Object.values(built['links'] as Record<string, string>)) expect(markup, href).not.to.include(`href="${href}"`);
    // A bank whose legal team decides otherwise turns the spec's links on (config.json `cx`): the page is built with them.
    const cx = {
      showForgottenDetailsLink: true,
      showNotRegisteredLink: true,
      showSecureKeyHelpLink: true,
      showCdrPolicyLink: true,
      showFooterLinksOnLogin: true,
    };
    const decided = renderEntryPage({ ...built, cx });
    for (const href of Object.values(built['links'] as Record<string, string>).filter((link) => !link.includes('contact') && !link.includes('eligibility'))) {
      expect(decided.markup, href).to.include(`href="${href}"`);
    }
    expect(JSON.parse(prerendered.entryConfig)).to.deep.equal({
      brands: built['brands'],
      links: built['links'],
      publicSiteUrl: built['publicSiteUrl'],
      otpExpirySeconds: built['otpExpirySeconds'],
    });
    expect(decided.markup.match(/data-early-action="(forgotUsername|notRegistered|lostSecureKey)"/g), "the spec's three help links").to.have.length(3);
    expect(JSON.parse(decided.entryConfig)).to.deep.include({ cx });
  });

  it("is exactly the browser's first render for the brands and links the page carries, whatever config.json says at run time: what React adopts (issue 20)", async () => {
    const carried = parseEntryPageConfig(JSON.parse(prerendered.entryConfig));
    if (!carried.ok) throw new Error(carried.error.join('; '));
    const otherLinks = Object.fromEntries(Object.keys(config()['links'] as object).map((key) => [key, `https://other.example/${key}`]));
    const atRunTime = parseRuntimeConfig({
      ...config(),
      brands: ['coastal', { id: 'other', displayName: 'Other Bank', legalName: 'Other Bank Ltd', primaryColour: '#aa0000' }],
      links: otherLinks,
      // Issue 22: the login's settings too: the page's win while it waits.
      otpExpirySeconds: 30,
      cx: { showForgottenDetailsLink: true, showCdrPolicyLink: true, showFooterLinksOnLogin: true },
    });
    if (!atRunTime.ok) throw new Error(atRunTime.error.join('; '));
    const never: TokenVerifier = { verify: () => new Promise(() => undefined) };
    const container = createTestContainer(defaultPorts({ config: atRunTime.value, verifier: never }));
    container.bind(ENTRY_PAGE).toConstantValue(carried.value);
    void container.get(FlowController).start();
    expect(container.get(SessionStore).awaitingLogin).to.equal(true);
    enableStaticRendering(true);
    try {
      const firstRender = renderToString(
        <StrictMode>
          <ServicesProvider container={container}>
            <App />
          </ServicesProvider>
        </StrictMode>,
      );
      expect(firstRender).to.equal(markup);
    } finally {
      enableStaticRendering(false);
    }
  });

  it('names a malformed build config', () => {
    expect(() => renderEntryPage({ ...config(), inactiveTimeLimit: 'soon' })).to.throw(/config\/config\.json is malformed:\n- .*inactiveTimeLimit/);
  });

  it("the entry page carries it in #root, the loading screen beside it, its brands and links, the entry script and the first screen's stylesheet inline in the head; the CSP hashes are those of the inline blocks", async () => {
    const html = indexHtml({
      script: 'main-1.js',
      inlineStyles: inlineStylesheet('body{margin:0}\n/*# sourceMappingURL=main-1.css.map */\n', prerendered.brandStyles),
      prerendered,
    });
    expect(html).to.include(`<title>${title}</title>`);
    expect(html).to.include(`<div id="root">${markup}</div>`);
    expect(html).to.include(`<div id="${ENTRY_LOADING_ID}" class="entry-loading"><main class="site-main">${LOADING_MARKUP}</main></div>`);
    expect(html).to.include(`<script type="application/json" id="${ENTRY_CONFIG_ID}">${prerendered.entryConfig}</script>`);
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(inline).to.deep.equal([prerendered.script]);
    expect(html.indexOf(`id="${ENTRY_CONFIG_ID}"`), 'the script reads the brands before it').to.be.below(html.indexOf(prerendered.script));
    expect(html).to.include(`<style>body{margin:0}${prerendered.brandStyles}</style>`);
    expect(html).not.to.include('rel="stylesheet"');
    expect(html).not.to.include('sourceMappingURL');
    expect(inlineSourcesOf(html)).to.deep.equal({
      scripts: [cspHash(prerendered.script)],
      styles: [cspHash(`body{margin:0}${prerendered.brandStyles}`)],
    });
  });

  it('refuses first-screen CSS the entry page cannot inline', () => {
    expect(() => inlineStylesheet('.a{background:url(x.png)}')).to.throw(/url\(\)/);
    expect(() => inlineStylesheet('.a{}', '</style><script>')).to.throw(/<\/style/);
  });

  it('escapes what could end its script element in the carried config', () => {
    const html = renderEntryPage({ ...config(), links: { ...(config()['links'] as object), legal: 'https://x.example/</script><script>alert(1)</script>' } });
    expect(html.entryConfig).not.to.include('</script');
    expect(JSON.parse(html.entryConfig).links.legal).to.equal('https://x.example/</script><script>alert(1)</script>');
  });
});

/** The entry script as the build inlines it (ui/web/take-over/entry-script.ts, compiled): set before the tests that run it. */
let compiledScript = '';

/** The brands an entry page carries (its #entry-config): one object, one plain name. */
const CARRIED = JSON.stringify({ brands: [{ id: 'Demo', displayName: 'Demo Bank' }, 'coastal'], links: {} });

interface ScriptRun {
  readonly entry: string | undefined;
  readonly brand: string | undefined;
  readonly title: string;
  readonly attributes: Map<string, string>;
  /** Fires an event at the listeners the script added; returns whether it was prevented. */
  fire(type: 'submit' | 'click', target?: { readonly action?: string }): boolean;
  readonly ack: { textContent: string };
}

/** Runs the entry script as a browser would at `url`, with this session storage; returns what it set. */
function runEntryScript(url: string, stored: Record<string, string> = {}, nowMs = Date.UTC(2026, 10, 24)): ScriptRun {
  const attributes = new Map<string, string>();
  const listeners: { type: string; listener: (event: unknown) => void }[] = [];
  const ack = { textContent: '' };
  const document = {
    title: 'Consent to share data | Open Banking',
    documentElement: {
      setAttribute: (name: string, value: string) => attributes.set(name, value),
      getAttribute: (name: string) => attributes.get(name) ?? null,
    },
    getElementById: (id: string) => (id === ENTRY_CONFIG_ID ? { textContent: CARRIED } : null),
    querySelector: (selector: string) => (selector === '.login-ack' ? ack : null),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.push({ type, listener }),
  };
  const sessionStorage = { getItem: (key: string) => stored[key] ?? null };
  const context = vm.createContext({
    location: new URL(url),
    window: { sessionStorage },
    document,
    URLSearchParams,
    atob,
    JSON,
    String,
    Date: { now: () => nowMs },
    decodeURIComponent,
  });
  vm.runInContext(compiledScript, context);
  return {
    entry: attributes.get(ENTRY_ATTRIBUTE),
    brand: attributes.get(BRAND_ATTRIBUTE),
    title: document.title,
    attributes,
    ack,
    fire(type, target = {}) {
      let prevented = false;
      const element = {
        closest: (selector: string) => (selector === '[data-early-action]' && target.action !== undefined ? { getAttribute: () => target.action } : null),
      };
      const event = {
        target: element,
        preventDefault: () => {
          prevented = true;
        },
      };
      for (const added of listeners.filter((candidate) => candidate.type === type)) added.listener(event);
      return prevented;
    },
  };
}

const NOW_S = Date.UTC(2026, 10, 24) / 1000;
const jwt = (claims: unknown): string => `eyJhbGciOiJQUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2lnbmF0dXJl`;
const live = jwt({ exp: NOW_S + 600, brand: 'demo' });

describe('build: the entry script decides before the first paint whether the launch lands on the login form (issue 15)', function () {
  this.timeout(60_000);
  before(async () => {
    compiledScript = await entryScript();
  });

  const cases: [string, string, Record<string, string>, 'login' | 'elsewhere'][] = [
    ['a launch with a live token', `https://bank.example/demo_accc_aisp?redirectJwt=${live}`, {}, 'login'],
    ['a reload: the token kept in the tab', 'https://bank.example/demo_accc_aisp', { [REDIRECT_JWT_KEY]: live }, 'login'],
    [
      'a reload after Cancel (a reject key is not replayed)',
      'https://bank.example/demo_accc_aisp',
      { [REDIRECT_JWT_KEY]: live, [decisionKeyName('reject')]: 'k' },
      'login',
    ],
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
    [
      'a decision to replay after a reload',
      'https://bank.example/demo_accc_aisp',
      { [REDIRECT_JWT_KEY]: live, [decisionKeyName('approve')]: 'k' },
      'elsewhere',
    ],
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
    const attributes = new Map<string, string>();
    const context = vm.createContext({
      location: new URL(`https://bank.example/demo_accc_aisp?redirectJwt=${live}`),
      window: Object.defineProperty({}, 'sessionStorage', {
        get: () => {
          throw new Error('SecurityError');
        },
      }),
      document: {
        title: '',
        documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value), getAttribute: () => null },
        getElementById: () => ({ textContent: CARRIED }),
        addEventListener: () => undefined,
      },
      URLSearchParams,
      atob,
      JSON,
      String,
      Date: { now: () => NOW_S * 1000 },
      decodeURIComponent,
    });
    vm.runInContext(compiledScript, context);
    expect(attributes.get(ENTRY_ATTRIBUTE)).to.equal('login');
  });

  it("shows the token's brand when the page carries it, whatever its case (issue 20); a brand the page does not carry gets the loading screen", () => {
    expect(runEntryScript(`https://bank.example/?redirectJwt=${live}`).brand).to.equal('demo');
    const coastal = runEntryScript(`https://bank.example/?redirectJwt=${jwt({ exp: NOW_S + 600, brand: 'COASTAL' })}`);
    expect([coastal.entry, coastal.brand]).to.deep.equal(['login', 'coastal']);
    for (const brand of ['other', '', 7, null, undefined]) {
      const run = runEntryScript(`https://bank.example/?redirectJwt=${jwt({ exp: NOW_S + 600, brand })}`);
      expect([run.entry, run.brand], String(brand)).to.deep.equal(['elsewhere', undefined]);
    }
  });

  it('keeps a press on the waiting form for the app, acknowledges it once and sends nothing (issue 20)', () => {
    const run = runEntryScript(`https://bank.example/?redirectJwt=${live}`);
    expect(run.fire('submit'), 'a submit (Continue, Enter) is never sent').to.equal(true);
    expect(run.attributes.get(EARLY_ACTION_ATTRIBUTE)).to.equal('submit');
    expect(run.ack.textContent).to.equal(copy.login.earlyAck);
    expect(run.fire('click', { action: 'cancel' })).to.equal(true);
    expect(run.attributes.get(EARLY_ACTION_ATTRIBUTE), 'the last press wins').to.equal('cancel');
    expect(run.fire('click'), 'a click elsewhere is left alone').to.equal(false);
    expect(run.attributes.get(EARLY_ACTION_ATTRIBUTE)).to.equal('cancel');
    run.attributes.delete(ENTRY_ATTRIBUTE);
    expect(run.fire('submit'), 'once the app has the page (data-entry gone), presses are its own').to.equal(false);
    expect(run.attributes.get(EARLY_ACTION_ATTRIBUTE)).to.equal('cancel');
  });

  it('holds no press on a launch that does not land on the form', () => {
    const run = runEntryScript('https://bank.example/incorrect_jwt');
    expect(run.fire('submit')).to.equal(false);
    expect(run.attributes.has(EARLY_ACTION_ATTRIBUTE)).to.equal(false);
  });

  it('agrees with the flow model: "login" exactly when the launch leaves the model awaiting its login step (any route, token and stored decision)', () => {
    const routes = fc.constantFrom(
      '',
      'demo_accc_aisp',
      'incorrect_jwt',
      'authorize_failure',
      'consent_fetch_failure',
      'service_unavailable',
      'select-and-confirm',
    );
    fc.assert(
      fc.property(
        routes,
        fc.option(fc.constant(live), { nil: undefined }),
        fc.option(fc.constant(live), { nil: undefined }),
        fc.constantFrom(undefined, 'approve', 'reject'),
        (route, inAddress, inStorage, decided) => {
          const stored: Record<string, string> = {};
          if (inStorage !== undefined) stored[REDIRECT_JWT_KEY] = inStorage;
          if (decided !== undefined) stored[decisionKeyName(decided)] = 'k';
          const url = `https://bank.example/${route}${inAddress === undefined ? '' : `?redirectJwt=${inAddress}`}`;
          const script = runEntryScript(url, stored).entry;
          // The module the build compiles, imported (issue 34 item 3), and its compiled text agree.
          const storage = { getItem: (key: string) => stored[key] ?? null };
          const seen = new URL(url);
          const launch = launchEntry({ pathname: seen.pathname, search: seen.search, storage, carriedConfig: () => CARRIED, nowMs: NOW_S * 1000 });
          expect(launch.entry).to.equal(script);
          const start = initialFlowState(
            { brands: ['demo'], production: false, inactivity: { inactiveTimeLimit: 300, inactiveReciprocalWarnTime: 60 }, publicSiteUrl: '' },
            NOW_S * 1000,
          );
          const launched = transition(
            start,
            {
              type: 'launched',
              route,
              jwtFromAddress: inAddress,
              jwtFromStorage: inAddress === undefined ? inStorage : undefined,
              errorParam: undefined,
              decided: decided,
            },
            NOW_S * 1000,
          );
          expect(script).to.equal(awaitingLogin(launched.state) ? 'login' : 'elsewhere');
        },
      ),
    );
  });
});

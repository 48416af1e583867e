import { expect } from 'chai';
import { NoopAnalytics } from '../../adapters/noop-analytics.adapter';
import { OnDemandAnalytics } from '../../adapters/on-demand-analytics.adapter';
import type { Analytics } from '../../application/ports/analytics.port';
import { TealiumAnalytics, type TagDocument } from '../../adapters/tealium-analytics.adapter';
import type { RuntimeConfig } from '../../application/runtime-config';
import { jsdomWindow } from './jsdom-window';

/** The adapter keeps the newest 20 events while the tag loads (adapters/tealium-analytics.adapter.ts). */
const MAX_QUEUED_EVENTS = 20;

const TAG_URL = 'https://tags.tiqcdn.example/utag/bank/cdr/prod/utag.js';

const configWith = (useTealiumUtag: boolean): RuntimeConfig => ({ useTealiumUtag, tealiumUtagUrl: TAG_URL }) as unknown as RuntimeConfig;

type Call = readonly [string, Readonly<Record<string, string>>];

describe('adapters/TealiumAnalytics and NoopAnalytics (DESIGN §3.8)', () => {
  let window: Window & typeof globalThis;
  let calls: Call[];
  const document = (): TagDocument => window.document;
  const scripts = (): HTMLScriptElement[] => [...window.document.querySelectorAll('script')];
  const installUtag = (): void => {
    (window as unknown as { utag: unknown }).utag = {
      view: (data: Record<string, string>) => calls.push(['view', data]),
      link: (data: Record<string, string>) => calls.push(['link', data]),
    };
  };
  const loadScript = (): void => {
    scripts()[0]?.dispatchEvent(new window.Event('load'));
  };

  beforeEach(() => {
    window = jsdomWindow('https://bank.example/');
    calls = [];
  });

  it('loads nothing when useTealiumUtag is off', () => {
    const analytics = new TealiumAnalytics(configWith(false), document());
    analytics.pageView('login');
    analytics.abandoned('preAuthentication');
    expect(scripts()).to.have.length(0);
  });

  it('appends one async script with the tag URL on the first event, and no inline script', () => {
    const analytics = new TealiumAnalytics(configWith(true), document());
    expect(scripts()).to.have.length(0);
    analytics.pageView('login');
    analytics.pageView('selectProfile');
    expect(scripts()).to.have.length(1);
    const [script] = scripts();
    expect(script?.src).to.equal(TAG_URL);
    expect(script?.async).to.equal(true);
    expect(script?.textContent).to.equal('');
    expect(script?.parentElement?.tagName).to.equal('HEAD');
    expect((window as unknown as { utag_cfg_ovrd: unknown }).utag_cfg_ovrd).to.deep.equal({ noview: true });
  });

  it('queues events until the tag has loaded, then sends them in order; later events go at once', () => {
    const analytics = new TealiumAnalytics(configWith(true), document());
    analytics.pageView('login');
    analytics.abandoned('preAuthentication');
    expect(calls).to.deep.equal([]);
    installUtag();
    loadScript();
    analytics.pageView('confirmation');
    expect(calls).to.deep.equal([
      ['view', { page_name: 'cdr:consent:login', step: 'login' }],
      ['link', { event_name: 'cdr_abandonment', abandonment_stage: 'preAuthentication' }],
      ['view', { page_name: 'cdr:consent:confirmation', step: 'confirmation' }],
    ]);
  });

  it(`keeps at most ${MAX_QUEUED_EVENTS} events while loading (the newest)`, () => {
    const analytics = new TealiumAnalytics(configWith(true), document());
    for (let i = 0; i < MAX_QUEUED_EVENTS + 5; i += 1) analytics.pageView('login');
    analytics.abandoned('rejected');
    installUtag();
    loadScript();
    expect(calls).to.have.length(MAX_QUEUED_EVENTS);
    expect(calls.at(-1)).to.deep.equal(['link', { event_name: 'cdr_abandonment', abandonment_stage: 'rejected' }]);
  });

  it('a blocked tag (script error) drops everything, quietly', () => {
    const analytics = new TealiumAnalytics(configWith(true), document());
    analytics.pageView('login');
    scripts()[0]?.dispatchEvent(new window.Event('error'));
    installUtag();
    expect(() => analytics.pageView('selectAccounts')).not.to.throw();
    expect(calls).to.deep.equal([]);
    expect(scripts()).to.have.length(1);
  });

  it('a tag that loads but defines no utag drops everything', () => {
    const analytics = new TealiumAnalytics(configWith(true), document());
    analytics.pageView('login');
    loadScript();
    installUtag();
    analytics.pageView('confirmation');
    expect(calls).to.deep.equal([]);
  });

  it('a utag that throws never reaches the flow', () => {
    const analytics = new TealiumAnalytics(configWith(true), document());
    analytics.pageView('login');
    (window as unknown as { utag: unknown }).utag = {
      view: () => {
        throw new Error('broken tag');
      },
      link: () => {
        throw new Error('broken tag');
      },
    };
    expect(() => loadScript()).not.to.throw();
    expect(() => analytics.abandoned('preAuthorisation')).not.to.throw();
  });

  it('without a document it does nothing and never throws', () => {
    const analytics = new TealiumAnalytics(configWith(true), {
      head: null,
      defaultView: null,
      createElement: () => {
        throw new Error('no');
      },
    } as unknown as TagDocument);
    expect(() => analytics.pageView('login')).not.to.throw();
  });

  it("OnDemandAnalytics: events wait for the adapter's code, in order, then go straight to it; a failed load drops them", async () => {
    const received: string[] = [];
    let resolve: (analytics: Analytics) => void = () => undefined;
    const loading = new Promise<Analytics>((done) => {
      resolve = done;
    });
    let loads = 0;
    const analytics = new OnDemandAnalytics(() => {
      loads += 1;
      return loading;
    });
    analytics.pageView('login');
    analytics.abandoned('preIdentification');
    expect(received).to.deep.equal([]);
    resolve({ pageView: (step) => void received.push(`view ${step}`), abandoned: (stage) => void received.push(`abandoned ${stage}`) });
    await loading;
    await Promise.resolve();
    expect(received).to.deep.equal(['view login', 'abandoned preIdentification']);
    analytics.pageView('confirmation');
    expect(received.at(-1)).to.equal('view confirmation');
    expect(loads, 'loaded once').to.equal(1);

    const failing = new OnDemandAnalytics(() => Promise.reject(new Error('chunk missing')));
    failing.pageView('login');
    await new Promise((done) => setImmediate(done));
    expect(() => failing.abandoned('rejected')).to.not.throw();
  });

  it('NoopAnalytics accepts every event and does nothing', () => {
    const analytics = new NoopAnalytics();
    expect(() => {
      analytics.pageView('login');
      analytics.abandoned('preIdentification');
    }).not.to.throw();
  });
});

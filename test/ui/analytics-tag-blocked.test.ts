// DESIGN §3.8 "Analytics is optional and harmless": with useTealiumUtag set, the web channel's own
// analytics (the composition root's binding: the tag's adapter fetched with the first event) tries
// to load the tag once; the tag blocked (its script fails to load), the customer still finishes.
// Moved from test/browser/attacks.test.ts (issue 32 item 2): the script element is the browser's
// request for the tag, and its error event the blocked request.
import './setup-dom';
import { expect } from 'chai';
import { createContainer } from '../../adapters/composition-root';
import { ANALYTICS, type AbandonmentStage, type Analytics } from '../../application/ports/analytics.port';
import type { Step } from '../../domain/flow';
import { janeAccounts, newConsent, runtimeConfig } from '../fixtures/journey.fixture';
import { FakeCustomerAuthApi, RecordingAnalytics } from '../support/fakes';
import { journey } from '../application/journey-driver';

const TAG_URL = 'https://www.bank.example/tags/utag.js';

/** Records each event (as the test container expects) and passes it to the web channel's analytics. */
class PassingOn extends RecordingAnalytics {
  constructor(private readonly web: Analytics) {
    super();
  }
  override pageView(step: Step): void {
    super.pageView(step);
    this.web.pageView(step);
  }
  override abandoned(stage: AbandonmentStage): void {
    super.abandoned(stage);
    this.web.abandoned(stage);
  }
}

const tagScripts = (): HTMLScriptElement[] => [...document.querySelectorAll<HTMLScriptElement>('script')].filter((script) => script.src === TAG_URL);

describe('ui: the analytics tag blocked (DESIGN §3.8)', () => {
  afterEach(() => {
    for (const script of tagScripts()) script.remove();
  });

  it('the flow still completes (config with useTealiumUtag): the tag is asked for once, and its failure reaches nothing', async () => {
    const config = runtimeConfig({ useTealiumUtag: true, tealiumUtagUrl: TAG_URL });
    const web = createContainer(config).get<Analytics>(ANALYTICS);
    const j = journey({ config, analytics: new PassingOn(web), api: new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts() }) });
    await j.start();
    // The tag's adapter arrives with the first event (a dynamic import, slower on a busy machine),
    // then adds the tag's script: waited for, at most 10 s.
    const deadline = Date.now() + 10_000;
    while (tagScripts().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(tagScripts(), 'the app tried to load the tag').to.have.length(1);
    tagScripts()[0]?.dispatchEvent(new window.Event('error'));

    await j.logIn('jane.citizen');
    expect(j.session.step).to.equal('selectAccounts');
    j.selection.toggle('acc-0001');
    await j.selection.continue();
    expect(j.session.step).to.equal('confirmation');
    await j.confirmation.confirm();
    expect(j.modal.current?.name).to.equal('successConfirm');
    j.ports.clock.advance(2500);
    expect(j.ports.redirector.urls[0]).to.match(/^https:\/\/tpp\.example\/cb#code=/);
    expect(j.ports.analytics.pageViews).to.deep.equal(['login', 'selectAccounts', 'confirmation']);
    expect(tagScripts(), 'asked for once').to.have.length(1);
  });
});

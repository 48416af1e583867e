// Issue 25 item 1: the journeys as a screen reader speaks them. Each journey is walked by screen
// reader commands only (speak.ts); what is said must be what docs/screen-reader.md holds, and the
// transcript must show the rules: each step change announced once by its heading, an error
// announced when it appears and naming its field, a modal announced with its title and keeping
// the reading in, nothing said twice, tags read with their account.
import '../setup-dom';
import { cleanup } from '@testing-library/react';
import { expect } from 'chai';
import { janeAccounts, newConsent } from '../../fixtures/journey.fixture';
import { FakeCustomerAuthApi } from '../../support/fakes';
import type { TestPorts } from '../../support/test-container';
import { startApp } from '../render-app';
import { announcedWhileReading, announcements, answerSaying, saidTwice, stepHeadingsAnnounced } from './rules';
import { ScreenReader, transcriptText, type Spoken } from './speak';
import { DOCUMENT, journeyTitles, lineDiff, readDocument, transcriptIn, UPDATING, withTranscript, writeDocument } from './transcript-document';

type App = Awaited<ReturnType<typeof startApp>>;

interface Walked<Facts> {
  readonly transcript: readonly Spoken[];
  readonly facts: Facts;
}

/** Renders the app at its first screen, turns the reader on, and walks `route` with it. */
async function walk<Facts>(ports: Partial<TestPorts>, route: (reader: ScreenReader, app: App) => Promise<Facts>): Promise<Walked<Facts>> {
  const app = await startApp(ports);
  const reader = new ScreenReader();
  try {
    await reader.start();
    const facts = await route(reader, app);
    return { transcript: reader.transcript, facts };
  } finally {
    await reader.stop();
    cleanup();
  }
}

/** Walks once, for the first test that asks; the others read the same walk. */
function once<T>(run: () => Promise<T>): () => Promise<T> {
  let walked: Promise<T> | undefined;
  return () => (walked ??= run());
}

/** A later step's code loads on demand: wait until its heading is on screen. */
const step = (title: string) => ({
  ready: () => document.querySelector('.step-loading') === null && document.querySelector('main h1')?.textContent === title,
  what: `the step "${title}"`,
});

/** Reads on item by item while the reader stays in `dialog`; says whether it ever left. */
async function readsOnlyWithin(reader: ScreenReader, dialog: Element | null, moves: number): Promise<boolean[]> {
  if (dialog === null) throw new Error('no modal is open');
  const within: boolean[] = [];
  for (let move = 0; move < moves; move += 1) {
    await reader.next();
    within.push(reader.cursorWithin(dialog));
  }
  return within;
}

const openModal = (): Element | null => document.querySelector('dialog[open]');

/** Compares the journey's transcript with the document's (or writes it, SCREEN_READER_UPDATE=1). */
function expectAsDocumented(title: string, about: string, transcript: readonly Spoken[]): void {
  const spoken = transcriptText(transcript);
  if (UPDATING) {
    writeDocument(withTranscript(readDocument(), title, about, spoken));
    return;
  }
  const documented = transcriptIn(readDocument(), title);
  if (documented === undefined) throw new Error(`${DOCUMENT} has no transcript under "## ${title}" (SCREEN_READER_UPDATE=1 writes it)`);
  if (documented !== spoken)
    throw new Error(
      `What the screen reader says in "${title}" is not what ${DOCUMENT} says (- the document, + spoken now; SCREEN_READER_UPDATE=1 rewrites the document):\n${lineDiff(documented, spoken)}`,
    );
}

const JOURNEYS = {
  firstConsent: 'A first consent, from the login to "Data sharing confirmed"',
} as const;

describe('ui: the journeys as a screen reader speaks them (issue 25 item 1, docs/screen-reader.md)', function () {
  // A journey is walked by the first test that reads it: some hundred reader commands (4 to 6 s here).
  this.timeout(60_000);
  afterEach(cleanup);

  describe(JOURNEYS.firstConsent, () => {
    const walked = once(() =>
      walk({ api: new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts().slice(0, 2) }) }, async (reader) => {
        await reader.nextHeading();
        await reader.nextHeading();
        await reader.nextTo(/^button, Continue$/);
        await reader.activate();
        await reader.type('jane.citizen');
        await reader.nextTo(/^textbox, One-time password/);
        await reader.type('123456');
        await reader.nextTo(/^button, Continue$/);
        await reader.activate(step('Select your accounts'));
        await reader.nextTo(/^checkbox, Bills/);
        await reader.activate();
        await reader.nextTo(/^button, Continue$/);
        await reader.activate(step('Review and submit'));
        for (let heading = 0; heading < 5; heading += 1) await reader.nextHeading();
        await reader.nextTo(/^button, Confirm$/);
        await reader.activate();
        const modal = openModal();
        return { modalTitle: modal?.getAttribute('aria-labelledby') ?? '', readingKeptInModal: await readsOnlyWithin(reader, modal, 8) };
      }),
    );

    it(`is spoken as ${DOCUMENT} says`, async () => {
      const { transcript } = await walked();
      expectAsDocumented(
        JOURNEYS.firstConsent,
        'Jane Citizen, one profile and two accounts, presses Continue on the empty login form, fills it in, ticks one account, reads the review by its headings and confirms.',
        transcript,
      );
    });

    it('each step change is announced once, by its heading', async () => {
      const { transcript } = await walked();
      expect(stepHeadingsAnnounced(transcript)).to.deep.equal(['Select your accounts', 'Review and submit']);
    });

    it('Continue on the empty form: each error is announced as it appears and names its field, which takes the focus and reads it', async () => {
      const { transcript } = await walked();
      const answer = answerSaying(transcript, /^polite: Error: username cannot be empty\.$/);
      expect(answer.command).to.equal('activate');
      expect(announcements(answer)).to.deep.equal(['Error: username cannot be empty.', 'Please enter your secure code.']);
      expect(answer.phrases.at(-1), 'the first field to fix takes the focus, read with its error').to.match(
        /^textbox, Username, .*Error: username cannot be empty\., invalid, required$/,
      );
      const codeField = answerSaying(transcript, /^textbox, One-time password \(secure code\), .*Please enter your secure code\., invalid, required$/);
      expect(codeField.command, 'the code field read with its error when the reader reaches it').to.equal('next item');
    });

    it('a ticked account is said ticked; a joint account is read with its tag', async () => {
      const { transcript } = await walked();
      expect(answerSaying(transcript, /^checkbox, Bills 062000 acc-0001, checked$/).command).to.equal('activate');
      answerSaying(transcript, /^checkbox, Savings Account 062000 acc-0002, Joint account, not checked$/);
    });

    it('"Data sharing confirmed" is announced with its title and text, and keeps the reading in', async () => {
      const { transcript, facts } = await walked();
      const answer = answerSaying(transcript, /^dialog, Data sharing confirmed, /);
      expect(answer.command).to.equal('activate');
      expect(answer.phrases.at(-1)).to.equal(
        'dialog, Data sharing confirmed, You have successfully shared your data with Budget Buddy. We are now returning you to Budget Buddy., not busy, modal',
      );
      expect(facts.readingKeptInModal).to.deep.equal(new Array<boolean>(8).fill(true));
    });

    it('nothing is said twice but the one double found here, left open; nothing speaks up while the customer only reads', async () => {
      const { transcript } = await walked();
      // Found by this transcript and left open (docs/screen-reader.md, "Found"): Continue on the empty
      // form announces the username's error by its live region, and the field, taking the focus, reads it again.
      expect(saidTwice(transcript)).to.deep.equal(['command 21 (activate): polite: Error: username cannot be empty.']);
      expect(announcedWhileReading(transcript)).to.deep.equal([]);
    });
  });

  it(`${DOCUMENT} holds a transcript for the journeys walked here only`, () => {
    if (UPDATING) return;
    expect(journeyTitles(readDocument())).to.deep.equal(Object.values(JOURNEYS));
  });
});

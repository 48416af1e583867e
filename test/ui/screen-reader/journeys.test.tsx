// Issue 25, its first item: the journeys as a screen reader speaks them. Each journey is walked by screen
// reader commands only (speak.ts); what is said must be what docs/screen-reader.md holds, and the
// transcript must show the rules: each step change announced once by its heading, an error
// announced when it appears and naming its field, a modal announced with its title and keeping
// the reading in, nothing said twice, tags read with their account.
import '../setup-dom';
import { cleanup } from '@testing-library/react';
import { expect } from 'chai';
import { act } from 'react';
import { err } from '../../../domain/result';
import { amendedConsent, janeAccounts, newConsent, trustAccounts, trustBusinesses } from '../../fixtures/journey.fixture';
import { rawAccount } from '../../fixtures/raw-accounts.fixture';
import { FakeCustomerAuthApi } from '../../support/fakes';
import type { TestPorts } from '../../support/test-container';
import { settle, startApp, stepOnScreen } from '../render-app';
import { closeEntryPage, openEntryPage, takeOver, type TakenOver } from './prerendered-page';
import { announcedWhileReading, announcements, answerSaying, saidTwice, stepHeadingsAnnounced, timesSaid } from './rules';
import { ScreenReader, transcriptText, type Spoken } from './speak';
import { DOCUMENT, journeyTitles, lineDiff, readDocument, transcriptIn, UPDATING, withTranscript, writeDocument } from './transcript-document';

type App = Awaited<ReturnType<typeof startApp>>;

interface Walked<Facts> {
  readonly transcript: readonly Spoken[];
  readonly facts: Facts;
}

/** Renders the app at its first screen, goes on `before` the reader is on (if given), turns the reader on, and walks `route` with it. */
async function walk<Facts>(
  ports: Partial<TestPorts>,
  route: (reader: ScreenReader, app: App) => Promise<Facts>,
  before?: (app: App) => Promise<void>,
): Promise<Walked<Facts>> {
  const app = await startApp(ports);
  if (before !== undefined) await before(app);
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

/** A journey that starts after the login (logged in through the stores before the reader is on). */
async function loggedInFirst(app: App): Promise<void> {
  await settle(() => app.logIn());
  await stepOnScreen();
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

/**
 * Reads on item by item through the open modal, past its end and on two items more: where the
 * reader went at each move (inside the modal or not). A modal that keeps the reading in brings it
 * back to its own start after its end, never to the page behind.
 */
async function readsOnlyWithin(reader: ScreenReader, dialog: Element | null): Promise<boolean[]> {
  if (dialog === null) throw new Error('no modal is open');
  const within: boolean[] = [];
  let afterTheEnd = -1;
  while (afterTheEnd < 2 && within.length < 40) {
    const said = await reader.next();
    within.push(reader.cursorWithin(dialog));
    if (said.startsWith('end of dialog')) afterTheEnd = 0;
    else if (afterTheEnd >= 0) afterTheEnd += 1;
  }
  if (afterTheEnd < 2) throw new Error('the reader never came to the end of the modal');
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

/** A bank with Jane's first two accounts (one joint): pages small enough to walk quickly. */
const bank = () => new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: janeAccounts().slice(0, 2) });

/** The login filled in and sent by the reader: from the form's heading to each field, then Continue. */
async function logIn(reader: ScreenReader, username: string, code: string, until?: Parameters<ScreenReader['activate']>[0]): Promise<void> {
  await reader.nextTo(/^textbox, Username, /);
  await reader.type(username);
  await reader.nextTo(/^textbox, One-time password \(secure code\), /);
  await reader.type(code);
  await reader.nextTo(/^button, Continue$/);
  await reader.activate(until);
}

const JOURNEYS = {
  firstConsent: 'A first consent, from the login to "Data sharing confirmed"',
  prerenderedLogin: 'The pre-rendered login, before and after the take-over',
  leaveQuestion: 'The leave question, asked and put away',
  wrongCodeThenLockout: 'A wrong code, then the lockout',
  dateOfBirth: 'The date-of-birth step-up',
  selectAllUnderFilter: 'Select-all under a filter',
  inactivity: 'The inactivity warning, its extension and its lapse',
  unclearOutcome: 'An unclear outcome',
  amendment: 'An amendment',
  businessProfile: 'A business profile',
} as const;

/** An amendment of the fixture's arrangement that asks for one kind of data more (tagged "New"). */
const amendmentAskingMore = () => {
  const consent = amendedConsent();
  return { detail: { ...consent.detail, permissions: [...consent.detail.permissions, { permission: 'bank:regular_payments:read' }] } };
};

/** 21 accounts, one over the filter box's threshold (ACCOUNT_FILTER_MIN): 3 savings accounts among everyday ones. */
const longList = () =>
  Array.from({ length: 21 }, (_, index) => {
    const number = String(index + 1).padStart(2, '0');
    return rawAccount({ id: `acc-00${number}`, productName: index % 7 === 3 ? 'Savings Account' : 'Everyday Account' });
  });

describe('ui: the journeys as a screen reader speaks them (issue 25, its first item, docs/screen-reader.md)', function () {
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
        return { readingKeptInModal: await readsOnlyWithin(reader, modal) };
      }),
    );

    it(`is spoken as ${DOCUMENT} says`, async () => {
      const { transcript } = await walked();
      expectAsDocumented(
        JOURNEYS.firstConsent,
        'Jane Citizen, one profile and two accounts, presses Continue on the empty login form, fills it in, ticks one account, reads the review by its headings and saves the changes.',
        transcript,
      );
    });

    it('each step change is announced once, by its heading', async () => {
      const { transcript } = await walked();
      expect(stepHeadingsAnnounced(transcript)).to.deep.equal(['Select your accounts', 'Review and submit']);
    });

    it('Continue on the empty form: each error is said once as it appears, naming its field: the first to fix takes the focus and is read with it, the other is announced', async () => {
      const { transcript } = await walked();
      const answer = answerSaying(transcript, /^polite: Please enter your secure code\.$/);
      expect(answer.command).to.equal('activate');
      expect(announcements(answer)).to.deep.equal(['Please enter your secure code.']);
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
      expect(facts.readingKeptInModal).to.not.include(false);
    });

    it('nothing is said twice; nothing speaks up while the customer only reads', async () => {
      const { transcript } = await walked();
      expect(saidTwice(transcript)).to.deep.equal([]);
      expect(announcedWhileReading(transcript)).to.deep.equal([]);
    });
  });

  describe(JOURNEYS.prerenderedLogin, () => {
    const TAKE_OVER = "the app's script takes over";
    const walked = once(async () => {
      await openEntryPage();
      const reader = new ScreenReader();
      let app: TakenOver | undefined;
      try {
        await reader.start();
        await reader.nextHeading();
        await reader.nextHeading();
        await reader.nextTo(/^textbox, Username, /);
        await reader.type('jane.citizen');
        const field = document.activeElement;
        await reader.meanwhile(TAKE_OVER, async () => {
          app = await takeOver({ api: bank() });
        });
        const atTakeOver = {
          focusKept: field !== null && document.activeElement === field,
          typedKept: field instanceof HTMLInputElement ? field.value : undefined,
          notAdopted: app?.notAdopted.length,
          entryMarked: document.documentElement.hasAttribute('data-entry'),
        };
        await reader.nextTo(/^textbox, One-time password \(secure code\), /);
        await reader.type('123456');
        await reader.nextTo(/^button, Continue$/);
        await reader.activate(step('Select your accounts'));
        const sent = app?.ports.api.calls.filter((call) => call.name === 'authenticate').map((call) => call.body);
        return { transcript: reader.transcript, facts: { ...atTakeOver, sent } };
      } finally {
        await reader.stop();
        await act(async () => app?.root.unmount());
        closeEntryPage();
      }
    });

    it(`is spoken as ${DOCUMENT} says`, async () => {
      const { transcript } = await walked();
      expectAsDocumented(
        JOURNEYS.prerenderedLogin,
        "The entry page as the build writes it, its login form rendered at build time (docs/prerendered-login.md), opened at a launch: the reader reads it before the app's script has run, and the customer types her username. Then the app's script arrives and takes the page over (React adopts it, as ui/web/main.tsx does); she reads on, types her code and continues.",
        transcript,
      );
    });

    it('the take-over says nothing: no heading, no field, no live region; the focus and what was typed stay, and the page was adopted as it was', async () => {
      const { transcript, facts } = await walked();
      expect(transcript.find(({ command }) => command === TAKE_OVER)?.phrases).to.deep.equal([]);
      expect(facts).to.deep.include({ focusKept: true, typedKept: 'jane.citizen', notAdopted: 0, entryMarked: false });
    });

    it('the form is announced once, before and after the take-over: its title, its heading and each field said once; the step change is announced once, by its heading', async () => {
      const { transcript } = await walked();
      const form = [
        /^heading, Consent to share data, level 1$/,
        /^heading, Account Login, level 2$/,
        /^textbox, Username, /,
        /^textbox, One-time password \(secure code\), /,
      ];
      expect(form.map((phrase) => timesSaid(transcript, phrase))).to.deep.equal([1, 1, 1, 1]);
      expect(stepHeadingsAnnounced(transcript)).to.deep.equal(['Select your accounts']);
    });

    it('the customer continues: one login, with what she typed before and after the take-over; nothing is said twice, and nothing speaks up while she only reads', async () => {
      const { transcript, facts } = await walked();
      expect(facts.sent).to.deep.equal([{ authType: 'SECURE_CODE', username: 'jane.citizen', secureCode: '123456' }]);
      expect(saidTwice(transcript)).to.deep.equal([]);
      expect(announcedWhileReading(transcript)).to.deep.equal([]);
    });
  });

  describe(JOURNEYS.leaveQuestion, () => {
    const walked = once(() =>
      walk({ api: bank() }, async (reader) => {
        await reader.nextHeading();
        await reader.nextHeading();
        await reader.nextTo(/^button, Cancel$/);
        await reader.activate();
        const readingKeptInModal = await readsOnlyWithin(reader, openModal());
        await reader.press('Escape');
        return { readingKeptInModal, modalOpenAfterEscape: openModal() !== null };
      }),
    );

    it(`is spoken as ${DOCUMENT} says`, async () => {
      const { transcript } = await walked();
      expectAsDocumented(
        JOURNEYS.leaveQuestion,
        'On the login, Cancel asks whether to leave; the customer reads the question through, and Escape puts it away.',
        transcript,
      );
    });

    it('the question is announced with its title and text, and keeps the reading in; Escape puts it away and the focus is back on Cancel', async () => {
      const { transcript, facts } = await walked();
      expect(answerSaying(transcript, /^dialog, Are you sure you want to leave\?, /).command).to.equal('activate');
      expect(facts.readingKeptInModal).to.not.include(false);
      expect(facts.modalOpenAfterEscape).to.equal(false);
      expect(transcript.at(-1)).to.deep.equal({ command: 'press Escape', phrases: ['button, Cancel'] });
    });

    it('nothing is said twice; no step change', async () => {
      const { transcript } = await walked();
      expect(saidTwice(transcript)).to.deep.equal([]);
      expect(stepHeadingsAnnounced(transcript)).to.deep.equal([]);
    });
  });

  describe(JOURNEYS.wrongCodeThenLockout, () => {
    const wrongCode = (remaining: number) => err(FakeCustomerAuthApi.error(401, 'otp_failure_001', [`{"remainingOTPattempts":${remaining}}`]));
    const walked = once(() =>
      walk({ api: bank().answer('authenticate', wrongCode(4), wrongCode(0)) }, async (reader) => {
        await reader.nextHeading();
        await reader.nextHeading();
        await logIn(reader, 'jane.citizen', '999999');
        await reader.nextTo(/^textbox, One-time password \(secure code\), /);
        await reader.type('111111');
        await reader.nextTo(/^button, Continue$/);
        await reader.activate();
        return { readingKeptInModal: await readsOnlyWithin(reader, openModal()) };
      }),
    );

    it(`is spoken as ${DOCUMENT} says`, async () => {
      const { transcript } = await walked();
      expectAsDocumented(
        JOURNEYS.wrongCodeThenLockout,
        'The bank refuses the first code and says 4 attempts are left; it refuses the second as the last one allowed (the script skips the attempts between: 0 left), and the login is locked.',
        transcript,
      );
    });

    it("the refusal is announced as it appears: the banner at once, the code field's message naming the field and the attempts left; the focus goes to the banner", async () => {
      const { transcript } = await walked();
      const refused = answerSaying(transcript, /^assertive: There appears to be a problem\./);
      expect(refused.command).to.equal('activate');
      expect(announcements(refused)).to.deep.equal([
        'Loading',
        'Your login details were not accepted, so we cleared the secure code. Enter a new one from your Digital Secure Key app. You have 4 attempts left before login is locked for 10 minutes.',
        'There appears to be a problem. Please check and make sure you have entered all information correctly to continue.',
      ]);
      expect(refused.phrases).to.include('alert');
    });

    it('the lockout is announced with its title and text, and keeps the reading in', async () => {
      const { transcript, facts } = await walked();
      const locked = answerSaying(transcript, /^dialog, Login temporarily locked, /);
      expect(locked.command).to.equal('activate');
      expect(locked.phrases.at(-1)).to.match(/^dialog, Login temporarily locked, For your security, login is locked for 10 minutes/);
      expect(facts.readingKeptInModal).to.not.include(false);
    });

    it('nothing is said twice; no step change; nothing speaks up while the customer only reads', async () => {
      const { transcript } = await walked();
      expect(saidTwice(transcript)).to.deep.equal([]);
      expect(stepHeadingsAnnounced(transcript)).to.deep.equal([]);
      expect(announcedWhileReading(transcript)).to.deep.equal([]);
    });
  });

  describe(JOURNEYS.dateOfBirth, () => {
    const walked = once(() =>
      walk({ api: bank().answer('authenticate', err(FakeCustomerAuthApi.error(401, 'otp_failure_008'))) }, async (reader) => {
        await reader.nextHeading();
        await reader.nextHeading();
        await logIn(reader, 'dob.required', '123456');
        await reader.type('654321');
        await reader.nextTo(/^textbox, DD/);
        await reader.type('25');
        await reader.type('12');
        await reader.type('1966');
        await reader.nextTo(/^button, Continue$/);
        await reader.activate(step('Select your accounts'));
        return {};
      }),
    );

    it(`is spoken as ${DOCUMENT} says`, async () => {
      const { transcript } = await walked();
      expectAsDocumented(
        JOURNEYS.dateOfBirth,
        'The bank asks for the date of birth after the first code (otp_failure_008); the customer types a new code and the date, part by part, and goes on.',
        transcript,
      );
    });

    it('the step-up is heard where the focus goes: the code field, read with why it is empty and the notice, not "invalid"; each part of the date passes the focus on, and it is said', async () => {
      const { transcript } = await walked();
      const stepUp = answerSaying(transcript, /For your security we also need your date of birth\./);
      expect(stepUp.command).to.equal('activate');
      expect(stepUp.phrases.at(-1)).to.match(
        /^textbox, One-time password \(secure code\), .*A secure code works only once, so we cleared it\..*For your security we also need your date of birth\..*, not invalid, required$/,
      );
      const typed = transcript.filter(({ command }) => command === 'type "25"' || command === 'type "12"').map(({ phrases }) => phrases);
      expect(typed).to.deep.equal([['textbox, MM, not invalid'], ['textbox, YYYY, not invalid']]);
    });

    it('the step change is announced once, by its heading', async () => {
      const { transcript } = await walked();
      expect(stepHeadingsAnnounced(transcript)).to.deep.equal(['Select your accounts']);
    });

    it('nothing is said twice; no error is announced while a right date is typed', async () => {
      const { transcript } = await walked();
      expect(saidTwice(transcript)).to.deep.equal([]);
      const typingTheDate = transcript.filter(({ command }) => ['type "25"', 'type "12"', 'type "1966"'].includes(command));
      expect(typingTheDate.flatMap((spoken) => announcements(spoken))).to.deep.equal([]);
    });
  });

  describe(JOURNEYS.selectAllUnderFilter, () => {
    const walked = once(() =>
      walk({ api: new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: longList() }) }, async (reader, app) => {
        await reader.nextHeading();
        await reader.nextHeading();
        await logIn(reader, 'jane.citizen', '123456', step('Select your accounts'));
        await reader.nextTo(/^searchbox, Find an account/);
        await reader.type('Savings');
        await reader.nextTo(/^checkbox, Select all 3 matching accounts/);
        await reader.activate();
        await reader.nextTo(/accounts selected$/, 'back');
        await reader.nextTo(/^button, Continue$/);
        return { selected: app.selection.selectionCount };
      }),
    );

    it(`is spoken as ${DOCUMENT} says`, async () => {
      const { transcript } = await walked();
      expectAsDocumented(
        JOURNEYS.selectAllUnderFilter,
        'Jane has 21 accounts, so the step offers a filter box. She finds her savings accounts, selects all three that match, reads the count just before it, and reads on to Continue.',
        transcript,
      );
    });

    it('the filter\'s count is announced as it changes; "Select all 3 matching accounts" and "3 of 21 accounts selected" are spoken; select-all acts on the matching accounts only', async () => {
      const { transcript, facts } = await walked();
      expect(announcements(answerSaying(transcript, /^searchbox, Find an account, Savings, /))).to.deep.equal(['Showing 3 of 21 accounts']);
      const selectAll = answerSaying(transcript, /^checkbox, Select all 3 matching accounts, checked$/);
      expect(selectAll.command).to.equal('activate');
      expect(answerSaying(transcript, /^3 of 21 accounts selected$/).command).to.equal('previous item');
      expect(facts.selected).to.deep.equal({ selected: 3, total: 21 });
      answerSaying(transcript, /^checkbox, Savings Account 062000 acc-0018, checked$/);
    });

    it('nothing is said twice; the step change is announced once, by its heading; nothing speaks up while the customer only reads', async () => {
      const { transcript } = await walked();
      expect(saidTwice(transcript)).to.deep.equal([]);
      expect(stepHeadingsAnnounced(transcript)).to.deep.equal(['Select your accounts']);
      expect(announcedWhileReading(transcript)).to.deep.equal([]);
    });
  });

  describe(JOURNEYS.inactivity, () => {
    const walked = once(() =>
      walk({ api: bank() }, async (reader, app) => {
        const second = (): void => app.ports.clock.advance(1000);
        await reader.nextHeading();
        await reader.nextHeading();
        await reader.waits(240, second);
        await reader.waits(20, second);
        await reader.nextTo(/^button, Stay logged in$/);
        await reader.activate();
        await reader.waits(240, second);
        await reader.waits(60, second);
        return { keptAlive: app.ports.api.count('keepAlive') };
      }),
    );

    it(`is spoken as ${DOCUMENT} says`, async () => {
      const { transcript } = await walked();
      expectAsDocumented(
        JOURNEYS.inactivity,
        'On the login, the customer does nothing for 4 minutes: the warning opens with its countdown. After 20 s more she chooses "Stay logged in"; then she does nothing again until the session ends (the settings of the tests: 5 minutes, warned 1 minute before).',
        transcript,
      );
    });

    it('the warning and the end are announced with their titles; the countdown politely, every 15 s and each of the last 10, not every second', async () => {
      const { transcript, facts } = await walked();
      const waits = transcript.filter(({ command }) => command.startsWith('wait '));
      expect(waits.map(({ phrases }) => phrases.find((phrase) => phrase.startsWith('dialog, '))?.split(', ')[1])).to.deep.equal([
        'Are you still there?',
        undefined,
        'Are you still there?',
        'Your session has ended',
      ]);
      const countdown = (spoken: Spoken | undefined): string[] =>
        spoken === undefined ? [] : announcements(spoken).flatMap((said) => /^Time remaining: (\d+) seconds?\.$/.exec(said)?.[1] ?? []);
      expect(countdown(waits[1]), 'the 20 s after the warning opened').to.deep.equal(['45']);
      expect(countdown(waits[3]), 'the last minute (0: the ending notice says it)').to.deep.equal([
        '45',
        '30',
        '15',
        '10',
        '9',
        '8',
        '7',
        '6',
        '5',
        '4',
        '3',
        '2',
        '1',
      ]);
      expect(answerSaying(transcript, /^heading, Consent to share data, level 1$/, 3).command, 'Stay logged in: the focus back where it was').to.equal(
        'activate',
      );
      expect(facts.keptAlive).to.equal(1);
    });

    it('nothing is said twice: the warning is described and read by one countdown; nothing speaks up while the customer only reads', async () => {
      const { transcript } = await walked();
      expect(saidTwice(transcript)).to.deep.equal([]);
      const warnings = transcript.flatMap(({ phrases }) => phrases).filter((said) => said.startsWith('dialog, Are you still there?'));
      expect(
        warnings.map((said) => said.match(/Time remaining/g)?.length),
        'opened twice, read once between: one countdown each time',
      ).to.deep.equal([1, 1, 1]);
      expect(announcedWhileReading(transcript)).to.deep.equal([]);
    });
  });

  describe(JOURNEYS.unclearOutcome, () => {
    const failing = err(FakeCustomerAuthApi.error(500));
    const walked = once(() =>
      walk(
        { api: bank().answer('confirmation', failing, failing, failing) },
        async (reader, app) => {
          await reader.nextHeading();
          await reader.nextTo(/^button, Confirm$/);
          await reader.activate();
          await reader.waits(2, () => app.ports.clock.advance(1000));
          return { readingKeptInModal: await readsOnlyWithin(reader, openModal()), outcome: app.session.outcome };
        },
        async (app) => {
          await settle(() => app.logIn());
          await settle(() => app.selection.toggle('acc-0001'));
          await settle(() => app.selection.continue());
          await stepOnScreen();
        },
      ),
    );

    it(`is spoken as ${DOCUMENT} says`, async () => {
      const { transcript } = await walked();
      expectAsDocumented(
        JOURNEYS.unclearOutcome,
        'Logged in and one account chosen before the reader is turned on, at the review. The bank answers the confirmation with a server error, to the two retries with the same key too: whether it holds the approval is not known.',
        transcript,
      );
    });

    it("the outcome is announced with the modal's title, saying it is not known and where to check; the modal keeps the reading in", async () => {
      const { transcript, facts } = await walked();
      expect(facts.outcome).to.equal('unknown');
      const modal = answerSaying(transcript, /^dialog, Service unavailable, /);
      expect(modal.command).to.equal('wait 2 s');
      expect(modal.phrases.at(-1)).to.match(
        /We could not confirm whether your data sharing was set up\. You can check in our mobile banking app under Profile > Manage data sharing\./,
      );
      expect(facts.readingKeptInModal).to.not.include(false);
    });

    it('nothing is said twice; nothing speaks up while the customer only reads', async () => {
      const { transcript } = await walked();
      expect(saidTwice(transcript)).to.deep.equal([]);
      expect(announcedWhileReading(transcript)).to.deep.equal([]);
    });
  });

  describe(JOURNEYS.amendment, () => {
    const walked = once(() =>
      walk(
        { api: new FakeCustomerAuthApi({ consentDetail: amendmentAskingMore(), accounts: janeAccounts().slice(0, 3) }) },
        async (reader) => {
          await reader.nextHeading();
          await reader.nextTo(/^checkbox, Savings Account/);
          await reader.activate();
          await reader.nextTo(/^button, Continue$/);
          await reader.activate(step('Review and submit'));
          await reader.nextHeading();
          await reader.nextHeading();
          await reader.nextTo(/^New data requested: /);
          await reader.nextHeading();
          await reader.nextHeading();
          await reader.nextTo(/^button, Direct debits and scheduled payments New, /);
          await reader.activate();
          await reader.nextTo(/^button, Save changes$/);
          await reader.activate();
          return {};
        },
        loggedInFirst,
      ),
    );

    it(`is spoken as ${DOCUMENT} says`, async () => {
      const { transcript } = await walked();
      expectAsDocumented(
        JOURNEYS.amendment,
        'Jane changes an arrangement that shares two of her three accounts, which now asks for her direct debits and scheduled payments too (logged in before the reader is turned on): she adds her joint savings account, reads the review by its headings, opens the newly requested data and saves the changes.',
        transcript,
      );
    });

    it('"What\'s changed" is a heading of the review; the newly requested data is read with its "New" tag, and said open when opened; the added joint account is read with its tag; "Changes saved" is announced with its title', async () => {
      const { transcript } = await walked();
      answerSaying(transcript, /^heading, What's changed, level 2$/);
      answerSaying(transcript, /^New data requested: Direct debits and scheduled payments$/);
      answerSaying(transcript, /^button, Direct debits and scheduled payments New, 1 control, not expanded$/);
      expect(answerSaying(transcript, /^button, Direct debits and scheduled payments New, 1 control, expanded$/).command, 'opened: said open').to.equal(
        'activate',
      );
      expect(answerSaying(transcript, /^checkbox, Savings Account 062000 acc-0002, Joint account, checked$/).command).to.equal('activate');
      const added = transcript.findIndex(({ phrases }) => phrases.includes('heading, Accounts to be added, level 3'));
      expect(
        transcript
          .slice(added + 1, added + 10)
          .flatMap(({ phrases }) => phrases)
          .filter((phrase) => !/^(end of |list|paragraph)/.test(phrase)),
      ).to.deep.equal(['Savings Account', '062000 acc-0002', 'Joint account']);
      expect(answerSaying(transcript, /^dialog, Changes saved, /).command).to.equal('activate');
    });

    it('each step change is announced once, by its heading; nothing is said twice; nothing speaks up while the customer only reads', async () => {
      const { transcript } = await walked();
      expect(stepHeadingsAnnounced(transcript)).to.deep.equal(['Review and submit']);
      expect(saidTwice(transcript)).to.deep.equal([]);
      expect(announcedWhileReading(transcript)).to.deep.equal([]);
    });
  });

  describe(JOURNEYS.businessProfile, () => {
    const walked = once(() =>
      walk(
        { api: new FakeCustomerAuthApi({ consentDetail: newConsent(), accounts: trustAccounts(), businesses: trustBusinesses }) },
        async (reader) => {
          await reader.nextHeading();
          await reader.nextTo(/^radio, Citizen Family Trust/);
          await reader.activate();
          await reader.nextTo(/^button, Continue$/);
          await reader.activate(step('Select your accounts'));
          await reader.nextTo(/^button, Continue$/);
          return {};
        },
        loggedInFirst,
      ),
    );

    it(`is spoken as ${DOCUMENT} says`, async () => {
      const { transcript } = await walked();
      expectAsDocumented(
        JOURNEYS.businessProfile,
        'Jane holds a personal profile and a family trust (logged in before the reader is turned on). She chooses the trust and reads its accounts.',
        transcript,
      );
    });

    it('the profile chosen is said chosen; the step change is announced once, by its heading; nothing is said twice', async () => {
      const { transcript } = await walked();
      expect(answerSaying(transcript, /^radio, Citizen Family Trust, checked, position 2, set size 2$/).command).to.equal('activate');
      expect(stepHeadingsAnnounced(transcript)).to.deep.equal(['Select your accounts']);
      expect(saidTwice(transcript)).to.deep.equal([]);
      expect(announcedWhileReading(transcript)).to.deep.equal([]);
    });
  });

  it(`${DOCUMENT} holds a transcript for the journeys walked here only`, () => {
    if (UPDATING) return;
    expect(journeyTitles(readDocument())).to.deep.equal(Object.values(JOURNEYS));
  });
});

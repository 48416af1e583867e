import './setup-dom';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { copy, modalText, type ModalText } from '../../domain/copy';
import { MODAL_NAMES, type ModalName } from '../../domain/modal';
import { config } from '../fixtures/journey.fixture';
import { showInOrder } from '../../ui/web/modals/show-in-order';
import { isAnnouncedSecond } from '../../domain/inactivity-timer';
import { closeModals, setLeaving, setModals, showModal } from '../support/flow-state';
import { settle, startApp, stepOnScreen } from './render-app';

const TPP = 'Budget Buddy';
const text = (value: ModalText) => modalText(value, { tppName: TPP, isPar: false, outcome: 'nothingShared' });

/**
 * Spec §4 "Modals" and "Button behaviours", §8 (return only), as the bank wrote them out
 * (domain/modal.ts): whether each modal can be closed (a close button, and Escape), and its buttons
 * in order after that close button. Written here, not read from MODAL_RULES or the copy.
 */
const CLOSE = 'Close this message';
const RETURN = `Return to ${TPP}`;
const SPEC_TABLE: Readonly<Record<ModalName, { readonly closable: boolean; readonly buttons: readonly string[] }>> = {
  forgotUsername: { closable: true, buttons: ['Close'] },
  notRegistered: { closable: true, buttons: ['Close'] },
  lostSecureKey: { closable: true, buttons: ['Close'] },
  sharingIncomplete: { closable: true, buttons: ['Yes, leave', 'No, stay'] },
  ageLimitation: { closable: false, buttons: [RETURN] },
  redirectionToTpp: { closable: false, buttons: [RETURN] },
  timeoutWarning: { closable: true, buttons: ['Stay logged in'] },
  serviceUnavailable: { closable: false, buttons: [RETURN] },
  sanctionCountryError: { closable: false, buttons: [RETURN] },
  permanentLockout: { closable: false, buttons: [RETURN] },
  temporaryLockout: { closable: false, buttons: [RETURN] },
  ecareSuspension: { closable: false, buttons: [RETURN] },
  secureKeyNotActivated: { closable: false, buttons: [RETURN] },
  incorrectSecurityCodeLockout: { closable: true, buttons: ['Try again'] },
  invalidUsernameLastAttempt: { closable: true, buttons: ['Try again'] },
  noEligibleAccounts: { closable: false, buttons: [RETURN] },
  successConfirm: { closable: false, buttons: [RETURN] },
  unavailableResource: { closable: false, buttons: [RETURN] },
  wentWrong: { closable: false, buttons: [RETURN] },
  changeSelectedProfile: { closable: true, buttons: ['OK', 'Cancel'] },
  // DESIGN §3.11: a decision taken in another tab or window.
  alreadyCompleted: { closable: false, buttons: [RETURN] },
  // CONTRACT §4 arrangement_owner_mismatch: log in again as the owner, or Cancel.
  notArrangementOwner: { closable: true, buttons: ['Try again'] },
  // DESIGN §3.18: an ending the customer did not choose, said before the exit.
  sessionEndedInactive: { closable: false, buttons: [RETURN] },
  sessionEndedExpired: { closable: false, buttons: [RETURN] },
  // DESIGN §3.2: a page still here after its exit offers it again.
  exitNotTaken: { closable: false, buttons: [RETURN] },
  // DESIGN §3.18 (issue 33 item 4): the phone's Back where the page has none: staying is the main button, first.
  leaveOnBack: { closable: true, buttons: ['No, stay', 'Yes, leave'] },
};

// One test per modal, each on an app of its own, so that no test holds 26 renders (under load the loop of all 26
// passed mocha's 10 s limit: issue 32's busy-loop runs).
describe("ui: each of the 26 modals (spec §4 lists 20; DESIGN §3.11 adds already completed, CONTRACT §4 not the arrangement's owner, DESIGN §3.18 the two ending notices and the phone's Back's leave question, DESIGN §3.2 the exit not taken) shows its title, text and the buttons of the spec's table; Escape closes only the closable ones", () => {
  afterEach(cleanup);

  it('the table names every modal', () => {
    expect(MODAL_NAMES).to.have.length(26);
    expect(Object.keys(SPEC_TABLE)).to.have.members([...MODAL_NAMES]);
  });

  for (const name of MODAL_NAMES) {
    it(name, async () => {
      const { modal, flow } = await startApp();
      const entry = copy.modals[name];
      const { closable, buttons } = SPEC_TABLE[name];
      await settle(() =>
        name === 'timeoutWarning'
          ? setModals(flow, (modals) => ({ ...modals, timeoutSeconds: 42 }))
          : name === 'redirectionToTpp'
            ? setModals(flow, (modals) => ({ ...modals, expiry: true }))
            : showModal(flow, name),
      );
      const dialog = screen.getByRole('dialog', { name: text(entry.title) });
      expect(dialog.getAttribute('aria-modal'), name).to.equal('true');
      for (const paragraph of entry.paragraphs) expect(within(dialog).getByText(text(paragraph)), `${name}: ${text(paragraph)}`).to.be.instanceOf(Element);
      const shown = within(dialog)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent);
      expect(shown, name).to.deep.equal(closable ? [CLOSE, ...buttons] : buttons);
      await settle(() => fireEvent.keyDown(dialog, { key: 'Escape' }));
      if (closable) {
        expect(modal.current, `${name} closes on Escape`).to.equal(undefined);
        expect(screen.queryByRole('dialog')).to.equal(null);
      } else {
        expect(modal.current?.name, `${name} stays on Escape`).to.equal(name);
        await settle(() => closeModals(flow));
      }
    });
  }
});

describe('ui: modals (spec §4)', () => {
  afterEach(cleanup);

  it('states the spec wording: forgot username (with the contact link), lost secure key numbers, age, no eligible accounts, service unavailable', async () => {
    const { flow } = await startApp();
    await settle(() => showModal(flow, 'forgotUsername'));
    let dialog = screen.getByRole('dialog');
    // The spec's wording with its typo corrected (docs/wording.md).
    expect(within(dialog).getByText('Please contact us to retrieve your username.')).to.be.instanceOf(Element);
    expect(
      within(dialog)
        .getByRole('link', { name: /Contact us/ })
        .getAttribute('href'),
    ).to.equal(config.links.contactUs);
    await settle(() => {
      closeModals(flow);
      showModal(flow, 'lostSecureKey');
    });
    dialog = screen.getByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).to.deep.equal(['tel:1300975707', 'tel:+61255501234']);
    await settle(() => {
      closeModals(flow);
      showModal(flow, 'ageLimitation');
    });
    expect(within(screen.getByRole('dialog')).getByText('You must be above 18 years of age to use Open Banking.')).to.be.instanceOf(Element);
    await settle(() => {
      closeModals(flow);
      showModal(flow, 'noEligibleAccounts');
    });
    expect(within(screen.getByRole('dialog')).getByText("We can't share the requested information from any of your accounts.")).to.be.instanceOf(Element);
    await settle(() => {
      closeModals(flow);
      showModal(flow, 'serviceUnavailable');
    });
    expect(within(screen.getByRole('dialog')).getByText('Apologies for any inconvenience. Please try again later.')).to.be.instanceOf(Element);
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: `Return to ${TPP}` })).to.be.instanceOf(Element);
  });

  it('opens as a modal <dialog> (showModal: the platform traps Tab and makes the page inert, test/browser/modals.test.ts), focus moves in, and returns on close', async () => {
    const { modal } = await startApp();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    await settle(() => fireEvent.click(cancel));
    const dialog = screen.getByRole('dialog');
    expect(dialog.tagName).to.equal('DIALOG');
    expect((dialog as HTMLDialogElement).open).to.equal(true);
    expect(document.activeElement, 'DESIGN §3.7: the dialog itself, read with its title and text').to.equal(dialog);

    await settle(() => fireEvent.click(within(dialog).getByRole('button', { name: 'No, stay' })));
    expect(modal.current).to.equal(undefined);
    expect(document.activeElement).to.equal(cancel);
  });

  it('the inactivity warning opens over another modal (DESIGN §3.10) and dismissing it shows the one below, focus included', async () => {
    const { modal, flow, ports } = await startApp();
    await settle(() => showModal(flow, 'forgotUsername'));
    const below = screen.getByRole('dialog', { name: text(copy.modals.forgotUsername.title) });
    const close = within(below).getByRole('button', { name: 'Close' });
    close.focus();
    await settle(() => ports.clock.advance(240_000));
    const warning = screen.getByRole('dialog', { name: 'Are you still there?' });
    expect([...document.querySelectorAll('dialog[open]')], 'bottom first, the warning on top').to.deep.equal([below, warning]);
    expect(warning.contains(document.activeElement)).to.equal(true);
    await settle(() => fireEvent.keyDown(warning, { key: 'Escape' }));
    expect(modal.current?.name).to.equal('forgotUsername');
    expect(document.activeElement).to.equal(close);
  });

  it('an ordinary modal that opens while the warning is up goes under it: the warning is shown again on top, and keeps the focus', async () => {
    const { modal, flow, ports } = await startApp();
    await settle(() => ports.clock.advance(240_000));
    const warning = screen.getByRole('dialog', { name: 'Are you still there?' });
    await settle(() => showModal(flow, 'forgotUsername'));
    expect(modal.stack.map((entry) => entry.name)).to.deep.equal(['forgotUsername', 'timeoutWarning']);
    expect(screen.getByRole('dialog', { name: text(copy.modals.forgotUsername.title) })).to.be.instanceOf(Element);
    expect(warning.contains(document.activeElement), 'the warning, shown last, has the focus').to.equal(true);
  });

  it('showInOrder: keeps what is already in order, closes from the first dialog out of place and shows the rest bottom to top', () => {
    const calls: string[] = [];
    const fake = (name: string, open: boolean) => {
      const dialog = {
        open,
        showModal: () => {
          dialog.open = true;
          calls.push(`show ${name}`);
        },
        close: () => {
          dialog.open = false;
          calls.push(`close ${name}`);
        },
        focus: () => calls.push(`focus ${name}`),
      };
      return dialog as unknown as HTMLDialogElement;
    };
    const dialogs = new Map([
      ['forgotUsername', fake('forgotUsername', false)],
      ['timeoutWarning', fake('timeoutWarning', true)],
      ['redirectionToTpp', fake('redirectionToTpp', false)],
    ] as const);
    showInOrder(['timeoutWarning'], ['forgotUsername', 'timeoutWarning', 'redirectionToTpp'], dialogs);
    expect(calls).to.deep.equal([
      'close timeoutWarning',
      'show forgotUsername',
      'focus forgotUsername',
      'show timeoutWarning',
      'focus timeoutWarning',
      'show redirectionToTpp',
      'focus redirectionToTpp',
    ]);
    calls.length = 0;
    showInOrder(['forgotUsername', 'timeoutWarning', 'redirectionToTpp'], ['forgotUsername', 'timeoutWarning', 'redirectionToTpp'], dialogs);
    expect(calls, 'nothing to do').to.deep.equal([]);
  });

  it('disables the buttons while the modal is busy', async () => {
    const { flow } = await startApp();
    await settle(() => setLeaving(flow, { base: 'sharingIncomplete', timeoutSeconds: undefined, expiry: false }));
    for (const button of within(screen.getByRole('dialog')).getAllByRole('button')) expect((button as HTMLButtonElement).disabled).to.equal(true);
  });

  it('change selected profile: Cancel dismisses, OK goes back (activate)', async () => {
    const { modal, session, flow } = await startApp();
    await settle(() => showModal(flow, 'changeSelectedProfile'));
    await settle(() => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })));
    expect(modal.current).to.equal(undefined);
    expect(session.step).to.equal('login');
    await settle(() => showModal(flow, 'changeSelectedProfile'));
    await settle(() => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' })));
    expect(modal.current).to.equal(undefined);
    expect(session.step).to.equal('selectProfile');
    // The step's page arrives on demand, its title with it (spec §2: no title without its body).
    await stepOnScreen();
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Select a profile');
    expect(document.querySelector('main .button-row')).to.not.equal(null);
  });

  it('timeout warning: the visible countdown follows each second, the polite announcement only every 15 s and the last 10', async () => {
    const { modal, ports } = await startApp();
    await settle(() => ports.clock.advance(240_000));
    expect(modal.current).to.deep.equal({ name: 'timeoutWarning', seconds: 60 });
    const dialog = screen.getByRole('dialog', { name: 'Are you still there?' });
    const live = dialog.querySelector('[aria-live="polite"]');
    const shown = dialog.querySelector('.timeout-countdown');
    expect(shown?.textContent).to.equal('Time remaining: 60 seconds.');
    expect(live?.textContent).to.equal('Time remaining: 60 seconds.');
    await settle(() => ports.clock.advance(1000));
    expect(shown?.textContent).to.equal('Time remaining: 59 seconds.');
    expect(live?.textContent).to.equal('Time remaining: 60 seconds.');
    await settle(() => ports.clock.advance(14_000));
    expect(live?.textContent).to.equal('Time remaining: 45 seconds.');
    await settle(() => ports.clock.advance(36_000));
    expect(shown?.textContent).to.equal('Time remaining: 9 seconds.');
    expect(live?.textContent).to.equal('Time remaining: 9 seconds.');
    await settle(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Stay logged in' })));
    expect(modal.current).to.equal(undefined);
    expect(ports.api.count('keepAlive')).to.equal(1);
    expect([60, 45, 30, 15, 10, 1].every(isAnnouncedSecond)).to.equal(true);
    expect([59, 44, 11, 0].some(isAnnouncedSecond), '0: the ending notice says it').to.equal(false);
  });

  it('timeout warning (issue 25, nothing announced twice): described and read by one countdown, the one announced; the one shown each second is hidden from screen readers', async () => {
    const { ports } = await startApp();
    await settle(() => ports.clock.advance(240_000));
    const intro = "For your security, we'll end this session soon if there is no activity.";
    screen.getByRole('dialog', { name: 'Are you still there?', description: `${intro} Time remaining: 60 seconds.` });
    await settle(() => ports.clock.advance(5000));
    const dialog = screen.getByRole('dialog', { name: 'Are you still there?', description: `${intro} Time remaining: 60 seconds.` });
    expect(dialog.querySelector('.timeout-countdown')?.getAttribute('aria-hidden')).to.equal('true');
    expect(within(dialog).getAllByText(/^Time remaining: 55 seconds\.$/), 'shown each second').to.have.length(1);
  });
});

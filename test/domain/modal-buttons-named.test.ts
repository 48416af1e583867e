// Issue 33 item 11: a modal's words name only buttons that modal has. "This arrangement belongs to
// another customer" told the customer to "choose Cancel to return" on a dialog with no Cancel.
import { expect } from 'chai';
import { copy, modalText, type ModalContext } from '../../domain/copy';
import { MODAL_NAMES, MODAL_RULES, type ModalName } from '../../domain/modal';
import type { KnownOutcome } from '../../domain/outcome';

const OUTCOMES: readonly KnownOutcome[] = ['nothingShared', 'unknown', 'notHandedOn', 'shared', 'decidedElsewhere', 'noJourney'];

/** Every context a modal's text may be shown in (both names of the recipient, both kinds of consent, each outcome, exit and switch). */
const CONTEXTS: readonly ModalContext[] = ['Budget Buddy', ''].flatMap((tppName) =>
  [false, true].flatMap((isPar) =>
    OUTCOMES.flatMap((outcome) =>
      [undefined, 'recipient' as const, 'publicSite' as const].flatMap((exitTo) =>
        [false, true].map((forgottenDetailsLink) => ({ tppName, isPar, outcome, forgottenDetailsLink, ...(exitTo === undefined ? {} : { exitTo }) })),
      ),
    ),
  ),
);

/** The controls of the login page a modal over it may point to, when it says they are "on the login page". */
const LOGIN_PAGE_CONTROLS: readonly string[] = [
  copy.login.continue,
  copy.login.cancel,
  copy.login.forgotUsername,
  copy.login.notRegistered,
  copy.login.lostSecureKey,
  copy.login.howToGenerate,
];
const ON_THE_LOGIN_PAGE = ' on the login page';

/** The buttons a modal shows in this context: its main button, and when closable its second button and Close this message (the terminal: Escape). */
function buttonsOf(name: ModalName, context: ModalContext): string[] {
  const entry = copy.modals[name];
  const closable = MODAL_RULES[name].closable;
  return [
    modalText(entry.primary, context),
    ...(closable && entry.secondary !== undefined ? [entry.secondary] : []),
    ...(closable ? [copy.shell.closeModal] : []),
  ];
}

/** Every control label of the app: the steps', the login page's, the failure page's, and every modal's buttons in every context. */
function everyControl(): string[] {
  const labels = new Set<string>([...Object.values(copy.buttons), ...LOGIN_PAGE_CONTROLS, copy.failure.goBack, copy.failure.leavePage, copy.shell.closeModal]);
  for (const name of MODAL_NAMES) for (const context of CONTEXTS) for (const label of buttonsOf(name, context)) labels.add(label);
  // Longest first, so that "Cancel" never stands for "Cancel" inside a longer label.
  return [...labels].sort((a, b) => b.length - a.length);
}

const VERB = /\b(choose|select|press|tap|click)\s+/gi;

/** What is wrong with one text of a modal: each control it tells the customer to choose, and whether it is there. */
function misnamed(text: string, own: readonly string[], controls: readonly string[]): string[] {
  const problems: string[] = [];
  for (const verb of text.matchAll(VERB)) {
    const rest = text.slice((verb.index ?? 0) + verb[0].length);
    const quoted = rest.startsWith('"');
    const named = controls.find((label) => (quoted ? rest.startsWith(`"${label}"`) : rest.startsWith(label)));
    if (named === undefined) {
      problems.push(`"${verb[0]}${rest.slice(0, 30)}…" names no control the app has`);
      continue;
    }
    if (own.includes(named)) continue;
    const after = rest.slice(named.length + (quoted ? 2 : 0));
    if (!(after.startsWith(ON_THE_LOGIN_PAGE) && LOGIN_PAGE_CONTROLS.includes(named))) problems.push(`"${named}" is not a button of this modal`);
  }
  if (/close this message/i.test(text) && !own.includes(copy.shell.closeModal)) problems.push('says "close this message" but cannot be closed');
  return problems;
}

describe('domain copy: a modal names only the buttons it has (issue 33 item 11)', () => {
  const controls = everyControl();

  for (const name of MODAL_NAMES) {
    it(`${name}: every button its text tells the customer to choose is one of its own (or said to be on the login page)`, () => {
      const problems = new Set<string>();
      for (const context of CONTEXTS) {
        const entry = copy.modals[name];
        const own = buttonsOf(name, context);
        for (const text of [entry.title, ...entry.paragraphs].map((value) => modalText(value, context))) {
          for (const problem of misnamed(text, own, controls)) problems.add(problem);
        }
      }
      expect([...problems]).to.deep.equal([]);
    });
  }

  it('the check itself: it catches a Cancel the dialog does not have, and accepts a button it has or one said to be on the login page', () => {
    const own = ['Try again', copy.shell.closeModal];
    expect(misnamed('Log in as that customer, or choose Cancel to return to Budget Buddy.', own, controls)).to.deep.equal([
      '"Cancel" is not a button of this modal',
    ]);
    expect(misnamed('Choose Try again, or close this message and choose Cancel on the login page.', own, controls)).to.deep.equal([]);
    expect(misnamed('If it has not opened, choose "Return to Budget Buddy".', ['Return to Budget Buddy'], controls)).to.deep.equal([]);
    expect(misnamed('Choose Start over.', own, controls)).to.have.length(1);
    expect(misnamed('You can close this message.', ['OK'], controls)).to.deep.equal(['says "close this message" but cannot be closed']);
  });

  it('"This arrangement belongs to another customer": Try again to log in as the owner; Cancel said to be on the login page', () => {
    const said = copy.modals.notArrangementOwner.paragraphs.map((value) => modalText(value, CONTEXTS[0] as ModalContext));
    expect(said[1]).to.equal(
      'Choose Try again to log in as that customer. To return to Budget Buddy instead, close this message and choose Cancel on the login page.',
    );
  });
});

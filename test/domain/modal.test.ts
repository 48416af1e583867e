import { expect } from 'chai';
import { MODAL_NAMES, MODAL_RULES, type ModalButtonBehaviour, type ModalName } from '../../domain/modal';

/**
 * Spec §4 "Modals" (the twenty modals, in the spec's order; DESIGN §3.11 adds one) and "Button behaviours", §8 ("return
 * only" for no eligible accounts and service unavailable), written out here as the table the bank
 * chose (domain/modal.ts says why each modal has its behaviour). Nothing is read from MODAL_RULES.
 */
const SPEC_TABLE: readonly (readonly [ModalName, 'closable' | 'not closable', ModalButtonBehaviour])[] = [
  ['forgotUsername', 'closable', 'close'],
  ['notRegistered', 'closable', 'close'],
  ['lostSecureKey', 'closable', 'close'],
  ['sharingIncomplete', 'closable', 'pendingRefreshFlow'],
  ['ageLimitation', 'not closable', 'returnAfterReject'],
  ['redirectionToTpp', 'not closable', 'returnAfterReject'],
  ['timeoutWarning', 'closable', 'close'],
  ['serviceUnavailable', 'not closable', 'onlyReturn'],
  ['sanctionCountryError', 'not closable', 'returnAfterReject'],
  ['permanentLockout', 'not closable', 'returnAfterReject'],
  ['temporaryLockout', 'not closable', 'returnAfterReject'],
  ['ecareSuspension', 'not closable', 'returnAfterReject'],
  ['secureKeyNotActivated', 'not closable', 'returnAfterReject'],
  ['incorrectSecurityCodeLockout', 'closable', 'close'],
  ['invalidUsernameLastAttempt', 'closable', 'close'],
  ['noEligibleAccounts', 'not closable', 'onlyReturn'],
  ['successConfirm', 'not closable', 'returnWithSuccess'],
  ['unavailableResource', 'not closable', 'returnAfterReject'],
  ['wentWrong', 'not closable', 'returnAfterReject'],
  ['changeSelectedProfile', 'closable', 'previousStep'],
  // DESIGN §3.11: the decision was taken in another tab or window; its button returns as decided.
  ['alreadyCompleted', 'not closable', 'returnAsDecided'],
  // CONTRACT §4 arrangement_owner_mismatch: the customer may log in again as the owner, or Cancel.
  ['notArrangementOwner', 'closable', 'close'],
  // DESIGN §3.18: the notices of an ending the customer did not choose; their button returns at once.
  ['sessionEndedInactive', 'not closable', 'returnNow'],
  ['sessionEndedExpired', 'not closable', 'returnNow'],
  // DESIGN §3.2: a page still here after its exit offers it again; its button takes it.
  ['exitNotTaken', 'not closable', 'returnNow'],
  // DESIGN §3.18 (issue 33 item 4): the phone's Back where the page has no Back: Cancel's question, staying by default.
  ['leaveOnBack', 'closable', 'pendingRefreshFlow'],
];

/** The behaviours whose button ends the journey: back to the third party. */
const LEAVES: readonly ModalButtonBehaviour[] = ['pendingRefreshFlow', 'returnAfterReject', 'onlyReturn', 'returnWithSuccess', 'returnAsDecided', 'returnNow'];

describe('domain/modal', () => {
  it("names the twenty modals of spec §4, in its order, then DESIGN §3.11's already completed, CONTRACT §4's not the owner, DESIGN §3.18's two ending notices, DESIGN §3.2's exit not taken and DESIGN §3.18's leave question of the phone's Back, each once", () => {
    expect(MODAL_NAMES).to.deep.equal(SPEC_TABLE.map(([name]) => name));
    expect(new Set(MODAL_NAMES).size).to.equal(26);
  });

  it('has a rule for exactly those 26 modals', () => {
    expect(Object.keys(MODAL_RULES)).to.have.members([...MODAL_NAMES]);
  });

  describe('each modal: whether the customer may close it, and what its button does', () => {
    for (const [name, closable, button] of SPEC_TABLE) {
      it(`${name}: ${closable}, button ${button}`, () => {
        expect(MODAL_RULES[name]).to.deep.equal({ closable: closable === 'closable', button });
      });
    }
  });

  it('a modal that cannot be closed always has a button that returns to the third party (no dead end)', () => {
    for (const [name, rule] of Object.entries(MODAL_RULES)) {
      if (!rule.closable) expect(LEAVES, name).to.include(rule.button);
    }
  });

  it('spec §8 "return only": no eligible accounts and service unavailable return without calling the server', () => {
    const returnOnly = MODAL_NAMES.filter((name) => MODAL_RULES[name].button === 'onlyReturn');
    expect(returnOnly).to.deep.equal(['serviceUnavailable', 'noEligibleAccounts']);
  });
});

import { expect } from 'chai';
import fc from 'fast-check';
import { MODAL_NAMES, MODAL_RULES, type ModalName } from '../../domain/modal';
import { NO_MODALS, openModals, topModal, withBaseModal, withoutBaseModal, withTimeoutWarning, type ModalStack } from '../../domain/modal-stack';

const stack = (base: ModalName | undefined, timeoutSeconds: number | undefined, expiry: boolean): ModalStack => ({ base, timeoutSeconds, expiry });

/** Spec §4 modals the customer may close (help texts, recoverable messages, the questions). */
const CLOSABLE: readonly ModalName[] = [
  'forgotUsername',
  'notRegistered',
  'lostSecureKey',
  'sharingIncomplete',
  'timeoutWarning',
  'incorrectSecurityCodeLockout',
  'invalidUsernameLastAttempt',
  'changeSelectedProfile',
  'notArrangementOwner',
  'leaveOnBack',
];
const NOT_CLOSABLE: readonly ModalName[] = MODAL_NAMES.filter((name) => !CLOSABLE.includes(name));

describe('domain/modal-stack (DESIGN §3.10 "Time-critical modals win")', () => {
  it('NO_MODALS: nothing open', () => {
    expect(NO_MODALS).to.deep.equal({ base: undefined, timeoutSeconds: undefined, expiry: false });
    expect(openModals(NO_MODALS)).to.deep.equal([]);
    expect(topModal(NO_MODALS)).to.equal(undefined);
  });

  describe('openModals: bottom to top, the ordinary modal, then the inactivity warning, then the token-expiry redirect', () => {
    const rows: [string, ModalStack, readonly unknown[]][] = [
      ['only an ordinary modal', stack('forgotUsername', undefined, false), [{ name: 'forgotUsername' }]],
      ['only the warning, with its seconds', stack(undefined, 42, false), [{ name: 'timeoutWarning', seconds: 42 }]],
      ['the warning at 0 seconds is still open', stack(undefined, 0, false), [{ name: 'timeoutWarning', seconds: 0 }]],
      ['only the expiry redirect', stack(undefined, undefined, true), [{ name: 'redirectionToTpp' }]],
      ['the warning over an ordinary modal', stack('sharingIncomplete', 59, false), [{ name: 'sharingIncomplete' }, { name: 'timeoutWarning', seconds: 59 }]],
      ['the redirect over an ordinary modal', stack('serviceUnavailable', undefined, true), [{ name: 'serviceUnavailable' }, { name: 'redirectionToTpp' }]],
      [
        'all three',
        stack('changeSelectedProfile', 3, true),
        [{ name: 'changeSelectedProfile' }, { name: 'timeoutWarning', seconds: 3 }, { name: 'redirectionToTpp' }],
      ],
    ];
    for (const [label, modals, expected] of rows) {
      it(label, () => {
        expect(openModals(modals)).to.deep.equal(expected);
        expect(topModal(modals)).to.deep.equal(expected.at(-1));
      });
    }
    it('an ordinary modal entry carries no seconds key', () => {
      expect(Object.keys(openModals(stack('wentWrong', undefined, false))[0] ?? {})).to.deep.equal(['name']);
    });
  });

  describe('withBaseModal: an ordinary modal opens under the time-critical ones', () => {
    it('opens on an empty stack and keeps the warning and the redirect above it', () => {
      expect(withBaseModal(NO_MODALS, 'forgotUsername')).to.deep.equal(stack('forgotUsername', undefined, false));
      expect(withBaseModal(stack(undefined, 30, true), 'serviceUnavailable')).to.deep.equal(stack('serviceUnavailable', 30, true));
      expect(topModal(withBaseModal(stack(undefined, 30, false), 'serviceUnavailable'))).to.deep.equal({ name: 'timeoutWarning', seconds: 30 });
    });

    it('a closable modal is replaced by any other', () => {
      for (const current of CLOSABLE) {
        for (const next of MODAL_NAMES) expect(withBaseModal(stack(current, undefined, false), next).base).to.equal(next);
      }
    });

    it('a modal the customer cannot close (an end of the journey) is replaced by another such modal, except an outcome (confirmed, decided elsewhere)', () => {
      for (const current of NOT_CLOSABLE) {
        for (const next of NOT_CLOSABLE) {
          const outcome = current === 'successConfirm' || current === 'alreadyCompleted';
          expect(withBaseModal(stack(current, 5, true), next), `${current} → ${next}`).to.deep.equal(stack(outcome ? current : next, 5, true));
        }
      }
    });

    it('but never by one that can be closed: the more serious message stays (the same stack comes back)', () => {
      for (const current of NOT_CLOSABLE) {
        for (const next of CLOSABLE) {
          const before = stack(current, undefined, false);
          expect(withBaseModal(before, next)).to.equal(before);
        }
      }
    });

    it("the closable list above is MODAL_RULES' own", () => {
      expect(MODAL_NAMES.filter((name) => MODAL_RULES[name].closable)).to.deep.equal(CLOSABLE);
    });
  });

  it('withoutBaseModal closes only the ordinary modal', () => {
    expect(withoutBaseModal(stack('sharingIncomplete', 12, true))).to.deep.equal(stack(undefined, 12, true));
    expect(withoutBaseModal(stack('sharingIncomplete', undefined, false))).to.deep.equal(NO_MODALS);
  });

  it('withTimeoutWarning shows, updates (0 included) or closes (undefined) the warning and leaves the rest', () => {
    expect(withTimeoutWarning(stack('lostSecureKey', undefined, true), 60)).to.deep.equal(stack('lostSecureKey', 60, true));
    expect(withTimeoutWarning(stack('lostSecureKey', 60, false), 0)).to.deep.equal(stack('lostSecureKey', 0, false));
    expect(withTimeoutWarning(stack('lostSecureKey', 60, true), undefined)).to.deep.equal(stack('lostSecureKey', undefined, true));
  });

  it('property: the top modal is the redirect when open, else the warning when open, else the ordinary modal', () => {
    fc.assert(
      fc.property(
        fc.option(fc.constantFrom(...MODAL_NAMES), { nil: undefined }),
        fc.option(fc.nat(300), { nil: undefined }),
        fc.boolean(),
        (base, seconds, expiry) => {
          const modals = stack(base, seconds, expiry);
          const expected = expiry ? 'redirectionToTpp' : seconds !== undefined ? 'timeoutWarning' : base;
          expect(topModal(modals)?.name).to.equal(expected);
          expect(openModals(modals).length).to.equal((base === undefined ? 0 : 1) + (seconds === undefined ? 0 : 1) + (expiry ? 1 : 0));
        },
      ),
    );
  });
});

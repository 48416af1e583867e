import type { DateOfBirthParts } from './date-of-birth';
import type { Decision, FlowAnswer } from './flow-effects';
import type { Result } from './result';
import type { TokenVerificationError } from './redirect-token';

/** The login help modals (spec §2 login links). */
export type LoginHelpModal = 'forgotUsername' | 'notRegistered' | 'lostSecureKey';

/** Issue 20: what a press on the waiting pre-rendered form asks for: Continue, Cancel or a help text. */
export type EarlyAction = 'submit' | 'cancel' | LoginHelpModal;

export const EARLY_ACTIONS: readonly EarlyAction[] = ['submit', 'cancel', 'forgotUsername', 'notRegistered', 'lostSecureKey'];

/**
 * What the waiting pre-rendered form remembers for the login step: a press on it, or the phone's
 * Back (DESIGN §3.18, issue 33 item 4: the login has no Back, so it asks the leave question).
 */
export type RememberedAction = EarlyAction | 'browserBack';

/**
 * DESIGN §3.9: everything that can happen to a consent journey: what the customer does, what the
 * bank answers, and time passing. Customer events that the screen would not offer at that moment
 * (a button behind a modal, under the spinner mask, after the exit) change nothing.
 */
export type FlowEvent =
  /** Spec §2 loading screen: the entry address's route, its token (or the stored one after a reload) and error parameter. */
  | {
      readonly type: 'launched';
      readonly route: string;
      readonly jwtFromAddress: string | undefined;
      readonly jwtFromStorage: string | undefined;
      readonly errorParam: string | undefined;
      /** DESIGN §3.11: the decision this tab had made before a reload (its key is kept), if any. */
      readonly decided: Decision | undefined;
      /** Issue 33 item 5: the brand of the flow this tab finished (its exit to the recipient taken), if any. */
      readonly finished?: string | undefined;
    }
  | { readonly type: 'verified'; readonly id: number; readonly result: Result<unknown, TokenVerificationError> }
  | { readonly type: 'answered'; readonly id: number; readonly answer: FlowAnswer }
  | { readonly type: 'usernameTyped'; readonly value: string }
  | { readonly type: 'secureCodeTyped'; readonly value: string }
  | { readonly type: 'dateOfBirthTyped'; readonly parts: Partial<DateOfBirthParts> }
  | { readonly type: 'submitLogin' }
  | { readonly type: 'openHelp'; readonly modal: LoginHelpModal }
  | { readonly type: 'chooseProfile'; readonly id: string }
  | { readonly type: 'toggleAccount'; readonly id: string }
  | { readonly type: 'toggleSubAccount'; readonly parentId: string; readonly subId: string }
  /** Select-all; under a filter `ids` are the matching accounts it acts on (issue 13 item 1). */
  | { readonly type: 'toggleAll'; readonly ids?: readonly string[] }
  | { readonly type: 'describe'; readonly text: string }
  /** Continue on select-profile and select-and-confirm. */
  | { readonly type: 'continue' }
  | { readonly type: 'back' }
  /** Confirm (PAR: Save changes). */
  | { readonly type: 'confirm' }
  /** Cancel (PAR on confirmation: Exit without saving): opens the sharing-incomplete question. */
  | { readonly type: 'cancel' }
  /** The top modal's main button. */
  | { readonly type: 'modalPrimary' }
  /** The top modal's close button, Escape or secondary button (closable modals only). */
  | { readonly type: 'modalDismiss' }
  /** Spec §2 failure page: Go Back or Leave Page. */
  | { readonly type: 'leaveFailurePage' }
  /** A step could not be shown (its code or stylesheet did not load): spec §8 service unavailable. */
  | { readonly type: 'stepUnavailable' }
  /** Spec §4: mouse, key, scroll or touch. */
  | { readonly type: 'activity' }
  /** Time passed: a timer's deadline, or the page became visible again (DESIGN §3.5). */
  | { readonly type: 'tick' }
  /** DESIGN §3.15: the browser went offline, or came back online. */
  | { readonly type: 'connectivity'; readonly online: boolean }
  /**
   * DESIGN §3.18 (issue 33 item 4): the browser's (the phone's) Back: the page's Back where the
   * page has one; elsewhere it asks the leave question, staying by default; the page stays.
   */
  | { readonly type: 'browserBack' };

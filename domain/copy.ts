import { durationWords } from './cx-settings';
import { TEMPORARY_LOCKOUT_MS } from './login-error-policy';
import type { ModalName } from './modal';
import type { KnownOutcome } from './outcome';

/**
 * What a modal's text may depend on: the third party's name (spec §3 modal keys: tppName),
 * whether the journey amends an existing arrangement, and what is known of the outcome (DESIGN
 * §3.16: a sentence about what was shared says only what the bank's known decision supports).
 */
export interface ModalContext {
  readonly tppName: string;
  readonly isPar: boolean;
  readonly outcome: KnownOutcome;
  /** Config `cx.showForgottenDetailsLink`: off by default (CX standards: "MUST NOT include forgotten details links"). */
  readonly forgottenDetailsLink?: boolean;
  /** DESIGN §3.2: where the exit went, once the journey has left (the recipient, or the bank's public site from the failure page). */
  readonly exitTo?: 'recipient' | 'publicSite';
}

export type ModalText = string | ((context: ModalContext) => string);

/** A modal text in its context. */
export const modalText = (value: ModalText, context: ModalContext): string => (typeof value === 'function' ? value(context) : value);

/** A telephone number a modal offers (shown as text, dialled from its `tel` form). */
interface ModalPhone {
  readonly label: string;
  readonly number: string;
  readonly tel: string;
}

/** Spec §3 "Modal state" content: title, paragraphs and buttons of one modal. */
interface ModalCopy {
  readonly title: ModalText;
  readonly paragraphs: readonly ModalText[];
  /** The main button (ModalActions.activate). */
  readonly primary: ModalText;
  /** The second button of a closable modal (ModalActions.dismiss). */
  readonly secondary?: string;
  /**
   * DESIGN §3.18 (issue 33 item 4): the second button is the main one, shown first and styled as
   * such: staying is the safe default of the question the phone's Back asks.
   */
  readonly secondaryIsMain?: true;
  /** Label of the contact link (config.links.contactUs). */
  readonly contactLink?: string;
  readonly phones?: readonly ModalPhone[];
  /** The timeout warning's countdown (spec §3 modal keys: sec). */
  readonly countdown?: (seconds: number) => string;
}

/**
 * Docs wording.md "Glossary": the recipient by name wherever the spec says "the third party";
 * "the third party" when the bank sent no name (never "with ." or "to .").
 */
export const recipient = (tppName: string): string => (tppName === '' ? 'the third party' : tppName);
/** `recipient` at the start of a sentence. */
export const Recipient = (tppName: string): string => (tppName === '' ? 'The third party' : tppName);
/** Spec §8, §9: what a temporary lockout really is (the bank locks login, not online banking). */
const LOCKOUT_MINUTES = TEMPORARY_LOCKOUT_MS / 60_000;
const loginLockedFor = `login is locked for ${LOCKOUT_MINUTES} minutes`;
const returnTo = ({ tppName }: ModalContext): string => `Return to ${recipient(tppName)}`;
/** DESIGN §3.2: the button that takes the failure page's exit to the bank's public site again. */
const LEAVE_FOR_PUBLIC_SITE = 'Go to our website';
/** DESIGN §3.11's modal title; issue 33 item 5: also the page of a request this tab already finished. */
const ALREADY_COMPLETED = 'This request has already been completed';
/** Spec §2 "Profile > Manage data sharing": where the customer sees what is shared. */
const WHERE_TO_CHECK = 'You can check in our mobile banking app under Profile > Manage data sharing.';

/**
 * DESIGN §3.16 "Words about the outcome follow what is known" (docs/wording.md). Issue 11: an ended
 * amendment leaves the existing arrangement as it was, so "no data has been shared" would be false.
 */
export function outcomeSentence({ tppName, isPar, outcome }: ModalContext): string {
  switch (outcome) {
    case 'nothingShared':
      return isPar ? 'No changes have been made to your data sharing arrangement.' : 'No data has been shared.';
    case 'unknown':
      return `${isPar ? 'We could not confirm whether your changes were saved.' : 'We could not confirm whether your data sharing was set up.'} ${WHERE_TO_CHECK}`;
    case 'notHandedOn':
    case 'shared':
      return `${isPar ? 'Your changes were saved' : 'Your data sharing was confirmed'}, but we could not pass the result to ${recipient(tppName)}. ${WHERE_TO_CHECK}`;
    case 'decidedElsewhere':
      return `Your answer to ${recipient(tppName)}'s request was already given in another window or tab.`;
    case 'noJourney':
      return '';
  }
}

const sentences = (...parts: readonly string[]): string => parts.filter((part) => part !== '').join(' ');

const returnedTo = (context: ModalContext): string => sentences(outcomeSentence(context), `You'll now be returned to ${recipient(context.tppName)}.`);

/** Sandbox numbers (ACMA's range reserved for fictional use), so that no real service is ever called. */
const BANK_PHONES: readonly ModalPhone[] = [
  { label: 'Within Australia', number: '1300 975 707', tel: '1300975707' },
  { label: 'From overseas', number: '+61 2 5550 1234', tel: '+61255501234' },
];
const callUs = `Please call us on ${BANK_PHONES[0]?.number ?? ''} (from overseas ${BANK_PHONES[1]?.number ?? ''}).`;
/** The bank's number within Australia, for the texts of the later steps (domain/steps-copy.ts). */
export const BANK_PHONE_NUMBER = BANK_PHONES[0]?.number ?? '';

/** Spec §2 "Cancel opens the sharing-incomplete modal": the leave question (DESIGN §3.18: the phone's Back asks it too). */
const LEAVE_QUESTION: ModalCopy = {
  title: 'Are you sure you want to leave?',
  paragraphs: [
    ({ tppName, isPar, outcome }) => {
      // DESIGN §3.16: an earlier answer whose outcome is unknown (a reload during Confirm) may be recorded already.
      if (outcome !== 'nothingShared')
        return `Your earlier answer may already have been recorded. If you leave now, we will ask the bank to cancel it, and you will be returned to ${recipient(tppName)}.`;
      return isPar
        ? `Your changes to your data sharing arrangement with ${recipient(tppName)} have not been saved. If you leave now, your arrangement stays as it is and you will be returned to ${recipient(tppName)}.`
        : `Your data sharing with ${recipient(tppName)} is not complete. If you leave now, no data will be shared and you will be returned to ${recipient(tppName)}.`;
    },
  ],
  primary: 'Yes, leave',
  secondary: 'No, stay',
};

/** Spec §4 "Modals", §5, §8: where the spec gives no wording, plainly in the bank's voice. */
const modalCopy: Readonly<Record<ModalName, ModalCopy>> = {
  forgotUsername: {
    title: 'Forgot your username?',
    // Spec §8 "Please contact to us retrieve your username." (a typo; docs/wording.md).
    paragraphs: ['Please contact us to retrieve your username.'],
    contactLink: 'Contact us',
    primary: 'Close',
  },
  notRegistered: {
    title: 'Not registered?',
    paragraphs: [
      'To share your data you need to be registered for online banking.',
      'You can register in our mobile banking app. It only takes a few minutes, then come back and log in.',
    ],
    primary: 'Close',
  },
  lostSecureKey: {
    title: 'Lost, damaged or stolen secure key?',
    paragraphs: ['Call us straight away so that we can protect your accounts and set up a new secure key.'],
    phones: BANK_PHONES,
    primary: 'Close',
  },
  sharingIncomplete: LEAVE_QUESTION,
  ageLimitation: {
    title: 'Age limitation',
    paragraphs: ['You must be above 18 years of age to use Open Banking.', returnedTo],
    primary: returnTo,
  },
  redirectionToTpp: {
    title: 'Your session is ending',
    paragraphs: [
      (context) => {
        const { tppName, isPar, outcome } = context;
        const ranOut = isPar
          ? `The time allowed to update your data sharing arrangement with ${recipient(tppName)} has run out.`
          : `The time allowed to share your data with ${recipient(tppName)} has run out.`;
        if (outcome !== 'nothingShared') return sentences(ranOut, outcomeSentence(context));
        return isPar ? `${ranOut} Your arrangement has not changed.` : `${ranOut} No data has been shared.`;
      },
      ({ tppName }) => `We are returning you to ${recipient(tppName)}, where you can start again.`,
    ],
    primary: returnTo,
  },
  timeoutWarning: {
    title: 'Are you still there?',
    paragraphs: ["For your security, we'll end this session soon if there is no activity."],
    countdown: (seconds) => `Time remaining: ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    primary: 'Stay logged in',
  },
  serviceUnavailable: {
    title: 'Service unavailable',
    paragraphs: ['Apologies for any inconvenience. Please try again later.', returnedTo],
    primary: returnTo,
  },
  sanctionCountryError: {
    title: "We can't continue",
    paragraphs: [
      "We can't share your data because of restrictions that apply to your location or your accounts.",
      `If you have questions, ${callUs.charAt(0).toLowerCase()}${callUs.slice(1)}`,
      returnedTo,
    ],
    primary: returnTo,
  },
  permanentLockout: {
    title: 'Your online banking is locked',
    paragraphs: [
      'For your security, your online banking access has been locked after too many unsuccessful login attempts.',
      `${callUs} We'll confirm your identity and help you unlock it.`,
      returnedTo,
    ],
    primary: returnTo,
  },
  temporaryLockout: {
    title: 'Login temporarily locked',
    paragraphs: [
      `For your security, ${loginLockedFor} after too many unsuccessful attempts.`,
      ({ tppName }) => `Please wait ${LOCKOUT_MINUTES} minutes, then start again from ${recipient(tppName)}.`,
      returnedTo,
    ],
    primary: returnTo,
  },
  ecareSuspension: {
    title: 'Your online banking is suspended',
    paragraphs: [
      'Your online banking access is currently suspended, so we cannot share your data.',
      `${callUs} We'll help you restore your access.`,
      returnedTo,
    ],
    primary: returnTo,
  },
  secureKeyNotActivated: {
    title: 'Your secure key is not activated',
    paragraphs: [
      'Your Digital Secure Key has not been activated yet, so it cannot generate a secure code.',
      ({ tppName }) => `Activate it in our mobile banking app, then start again from ${recipient(tppName)}.`,
      returnedTo,
    ],
    primary: returnTo,
  },
  incorrectSecurityCodeLockout: {
    title: 'Incorrect secure code',
    paragraphs: [
      'The secure code you entered is not correct.',
      `Generate a new code with your Digital Secure Key and try again. After too many unsuccessful attempts, ${loginLockedFor}.`,
    ],
    primary: 'Try again',
  },
  invalidUsernameLastAttempt: {
    title: 'One attempt left',
    paragraphs: [
      'The username or secure code you entered is not correct.',
      // Issue 22: the pointer to "Forgot your username?" only where the login shows that link (CX standards, Password link).
      ({ forgottenDetailsLink }) =>
        `You have one attempt left. If it is not accepted, ${loginLockedFor}.${
          forgottenDetailsLink === true ? " If you're not sure of your username, choose Forgot your username? on the login page." : ''
        }`,
    ],
    primary: 'Try again',
  },
  noEligibleAccounts: {
    title: 'No eligible accounts',
    // Spec §8, with the recipient's name for "the third party" and what was shared (docs/wording.md).
    paragraphs: ["We can't share the requested information from any of your accounts.", returnedTo],
    primary: returnTo,
  },
  successConfirm: {
    title: ({ isPar }) => (isPar ? 'Changes saved' : 'Data sharing confirmed'),
    paragraphs: [
      ({ tppName, isPar }) =>
        isPar
          ? `Your changes to your data sharing arrangement with ${recipient(tppName)} have been saved.`
          : `You have successfully shared your data with ${recipient(tppName)}.`,
      ({ tppName }) => `We are now returning you to ${recipient(tppName)}.`,
    ],
    primary: returnTo,
  },
  unavailableResource: {
    title: 'Information unavailable',
    paragraphs: ["We can't retrieve your account information at the moment. Please try again later.", returnedTo],
    primary: returnTo,
  },
  wentWrong: {
    title: 'Something went wrong',
    paragraphs: ['Something went wrong while loading your accounts. Please try again later.', returnedTo],
    primary: returnTo,
  },
  changeSelectedProfile: {
    title: 'Change selected profile?',
    paragraphs: ['If you go back, the accounts you have chosen in this profile will be deselected.'],
    primary: 'OK',
    secondary: 'Cancel',
  },
  alreadyCompleted: {
    title: ALREADY_COMPLETED,
    paragraphs: [
      ({ tppName }) => `Your answer to ${recipient(tppName)}'s request was already given in another window or tab, so there is nothing more to do here.`,
      ({ tppName }) => `You'll now be returned to ${recipient(tppName)}.`,
    ],
    primary: returnTo,
  },
  sessionEndedInactive: {
    title: 'Your session has ended',
    paragraphs: [
      'For your security, we ended this session because there was no activity for a while.',
      outcomeSentence,
      ({ tppName }) => `We are returning you to ${recipient(tppName)}, where you can start again.`,
    ],
    primary: returnTo,
  },
  sessionEndedExpired: {
    title: 'Your session has ended',
    paragraphs: [
      ({ tppName }) => `The time allowed for ${recipient(tppName)}'s request has run out.`,
      outcomeSentence,
      ({ tppName }) => `We are returning you to ${recipient(tppName)}, where you can start again.`,
    ],
    primary: returnTo,
  },
  // DESIGN §3.2 "An exit the browser did not take" (new text: docs/wording.md). Nothing about the
  // outcome: the page only knows that it is still here.
  exitNotTaken: {
    title: ({ tppName, exitTo }) => (exitTo === 'publicSite' ? 'Taking you to our website' : `Taking you back to ${recipient(tppName)}`),
    paragraphs: [
      (context) =>
        context.exitTo === 'publicSite'
          ? `If our website hasn't opened, choose "${LEAVE_FOR_PUBLIC_SITE}".`
          : `If ${recipient(context.tppName)}'s page hasn't opened, choose "${returnTo(context)}".`,
    ],
    primary: (context) => (context.exitTo === 'publicSite' ? LEAVE_FOR_PUBLIC_SITE : returnTo(context)),
  },
  // DESIGN §3.18 (issue 33 item 4): the phone's Back where the page has no Back: the same question,
  // with "No, stay" as the main button (the customer may not have meant to leave).
  leaveOnBack: { ...LEAVE_QUESTION, secondaryIsMain: true },
  notArrangementOwner: {
    title: 'This arrangement belongs to another customer',
    paragraphs: [
      ({ tppName }) => `Only the customer who set up this data sharing arrangement with ${recipient(tppName)} can change it. Nothing has changed.`,
      // Issue 33 item 11: only the buttons this dialog has (Try again, Close this message); Cancel is the login page's.
      ({ tppName }) =>
        `Choose Try again to log in as that customer. To return to ${recipient(tppName)} instead, close this message and choose Cancel on the login page.`,
    ],
    primary: 'Try again',
  },
};

/**
 * DESIGN §2: the copy catalogue, verbatim from spec §2, §5, §8 (the later steps' words are in
 * steps-copy.ts): one source, so that every channel says the same and it can be translated.
 */
export const copy = {
  steps: {
    /** Spec §2: step titles. */
    login: 'Consent to share data',
    loginPar: 'Update your consent',
    selectProfile: 'Select a profile',
    selectAccounts: 'Select your accounts',
    confirmation: 'Review and submit',
  },
  /** Spec §2: "The window title is set per step" (the step title, then the service's name). */
  windowTitle: (stepTitle: string): string => `${stepTitle} | Open Banking`,
  /** Spec §2: intro line under the step title. */
  intro: (tppName: string): string => `You are about to share your data with ${recipient(tppName)}`,
  introPar: (tppName: string): string => `You're about to update your data sharing consent arrangement with ${recipient(tppName)}`,

  login: {
    heading: 'Account Login',
    usernameLabel: 'Username',
    usernameHelp: 'Your username will not be shared.',
    usernameTooltip: 'The unique username you chose when you registered. It has at least 5 characters.',
    forgotUsername: 'Forgot your username?',
    notRegistered: 'Not registered?',
    /** Spec §2 "One-time password (security code)", in the glossary's one name (docs/wording.md). */
    secureCodeLabel: 'One-time password (secure code)',
    secureCodeHelp: 'Enter the 6-digit secure code from your Digital Secure Key app.',
    /** CX standards "OTP expiry": "MUST communicate the expiry period of the OTP" (CONTRACT §2 `otpExpirySeconds`). */
    secureCodeExpiry: (seconds: number): string => `Each code expires ${durationWords(seconds)} after your app generates it.`,
    lostSecureKey: 'Lost, damaged or stolen secure key?',
    howToGenerate: 'How to generate a secure key?',
    dobHeading: 'Additional security',
    dobLabel: 'Date of birth',
    dobDay: 'DD',
    dobMonth: 'MM',
    dobYear: 'YYYY',
    dobExample: 'For example, 25/12/1966',
    /** Spec §2 "Additional security": the bank first asks for the date of birth (a notice, not an error). */
    dobStepUp: 'For your security we also need your date of birth.',
    /** CX standards "OTP expiry": the step-up asks for a new code too. */
    dobStepUpWithExpiry: (seconds: number): string =>
      `For your security we also need your date of birth. Enter it with a new secure code: each code expires ${durationWords(seconds)} after your app generates it.`,
    /**
     * Spec §8 otp_failure_001 at the code field: why it is empty, and the attempts left when the
     * bank says so (CONTRACT §4 remainingOTPattempts; 0 left is the lockout modal instead).
     */
    secureCodeNotAccepted: (remaining: number | undefined): string =>
      `Your login details were not accepted, so we cleared the secure code. Enter a new one from your Digital Secure Key app.${
        remaining === undefined || remaining === 0 ? '' : ` You have ${remaining} ${remaining === 1 ? 'attempt' : 'attempts'} left before ${loginLockedFor}.`
      }`,
    /** Any other answered login: a one-time code works once. */
    secureCodeUsedOnce: 'A secure code works only once, so we cleared it. Enter a new one from your Digital Secure Key app.',
    /**
     * Spec §2, CX standards "Passwords". The same words before and after the token is verified:
     * naming the recipient moved Continue under a customer's tap (docs/prerendered-login.md
     * "Nothing above Continue moves").
     */
    passwordNote: 'Third parties never need your online banking password to access your data, and we will never ask for it here.',
    cdrPolicy: 'Consumer Data Right policy',
    continue: 'Continue',
    cancel: 'Cancel',
    /** Issue 20: a press made before the login step could act on it is acknowledged, and carried out once it can. */
    earlyAck: 'Just a moment…',
    /** Issue 20: the page's own files could not be loaded after two tries (docs/prerendered-login.md "A file lost at load"). */
    pageNotLoaded: "This page didn't finish loading. Check your connection, then reload the page. What you typed is kept.",
    /** DESIGN §3.15: the connection dropped before the bank answered a login (a login is not sent twice by itself). */
    answerLost: 'The connection dropped before the bank answered. Please check your details and choose Continue again.',
    /** Spec §2: banner shown while a login error is flagged. */
    errorBanner: 'There appears to be a problem. Please check and make sure you have entered all information correctly to continue.',
  },

  validation: {
    /** Spec §5. */
    usernameEmpty: 'Error: username cannot be empty.',
    usernameEmptyAfterLoginError: 'Please enter your username.',
    secureCode: 'Please enter your secure code.',
    /** Issue 23 item A: a letter or symbol typed or pasted into the secure code field is refused, and said so. */
    secureCodeDigitsOnly: 'Enter numbers only. Your secure code has 6 digits.',
    // Spec §5 "…using correct format DD-MM-YYYY.": the example's format and the article (docs/wording.md).
    dobInvalid: 'Invalid date. Please try again using the correct format DD/MM/YYYY.',
    dobInFuture: 'Date of birth cannot be in the future. Please try again.',
    /** Issue 33 item 3 (GOV.UK date input): Continue with no part of the date of birth typed. */
    dobEmpty: 'Enter your date of birth.',
    /** Issue 33 item 3 (GOV.UK date input): Continue with the date of birth half filled names the parts missing. */
    dobMustInclude: {
      day: 'Date of birth must include a day.',
      month: 'Date of birth must include a month.',
      year: 'Date of birth must include a year.',
      dayAndMonth: 'Date of birth must include a day and a month.',
      dayAndYear: 'Date of birth must include a day and a year.',
      monthAndYear: 'Date of birth must include a month and a year.',
    },
  },

  /** Spec §2: the buttons of the steps after login (their labels decide stepButtons). */
  buttons: {
    continue: 'Continue',
    cancel: 'Cancel',
    back: 'Back',
    confirm: 'Confirm',
    saveChanges: 'Save changes',
    exitWithoutSaving: 'Exit without saving',
  },

  failure: {
    /** Spec §2: failure page. */
    defaultMessage: 'Something went wrong. Please try again later.',
    /** The bank's keys could not be fetched, so the request could not be checked (issue 11): a reload may work. */
    serviceUnavailable: 'We could not check your request with the bank just now. Please reload this page to try again.',
    goBack: 'Go Back',
    leavePage: 'Leave Page',
    /** Issue 23 item E: where the failure page's button goes, said beside it (and read with it). */
    returnsTo: (recipient: string): string => `Returns you to ${recipient}.`,
    takesToSite: (bankName: string | undefined): string => `Takes you to ${bankName === undefined ? "the bank's" : `the ${bankName}`} website.`,
    backToPreviousPage: 'Returns you to the page you came from.',
    unnamedRecipient: 'the app or website that sent you here',
    /** Spec §8 and CONTRACT §7: an error page parameter that cannot be decoded. */
    undecodable: 'We are unable to process your request.',
    /** DESIGN §3.13: the code and time of the failure that are proven to be a code and a time, for the customer to quote. */
    reference: (code: string | undefined, time: string | undefined): string => `Reference: ${[code, time].filter((part) => part !== undefined).join(', ')}`,
    /** DESIGN §3.16: only when the bank holds no approval of the journey this page verified (outcome.ts). */
    nothingShared: 'Nothing has been shared or changed.',
    title: 'We are unable to continue',
    windowTitle: 'We are unable to continue | Open Banking',
    /** Issue 33 item 5: the page of a request this tab already finished (a Back from the recipient, route already_completed). */
    completedTitle: ALREADY_COMPLETED,
    completedWindowTitle: `${ALREADY_COMPLETED} | Open Banking`,
    completed: 'There is nothing more to do here. You can close this page.',
  },

  /** Spec §2 "Shared shell": header, footer, progress tracker, spinner and tooltip labels. */
  shell: {
    /** Issue 25 item 5: the terminal says a button cannot be pressed yet, beside dimming it (no meaning by colour alone). */
    unavailable: '(unavailable)',
    skipToContent: 'Skip to main content',
    footerLabel: 'Legal information',
    siteTerms: 'Site terms',
    hyperlink: 'Hyperlink policy',
    cookie: 'Cookie policy',
    legal: 'Legal',
    importantNotices: 'Important notices',
    /** Spec §2 footer "a copyright line": the brand's legal name (DESIGN §3.14), none for a neutral brand. */
    copyright: (year: number, legalName: string | undefined): string =>
      legalName === undefined ? `© ${year}. All rights reserved.` : `© ${year} ${legalName}. All rights reserved.`,
    opensInNewTab: '(opens in a new tab)',
    progressLabel: 'Progress',
    progressStep: (step: number, total: number): string => `Step ${step} of ${total}`,
    loading: 'Loading',
    loadingTitle: 'Loading | Open Banking',
    tooltipLabel: 'More Information',
    /** DESIGN §3.15: the polite notice while the browser is offline. */
    offline: "You're offline. We'll carry on when your connection is back; nothing you've entered is lost.",
    closeModal: 'Close this message',
  },

  /** Spec §4 "Modals": each modal's title, paragraphs and buttons. */
  modals: modalCopy,

  /** Spec §5: shown on status 422 of customer details. */
  ageLimitation: 'You must be above 18 years of age to use Open Banking.',
} as const;

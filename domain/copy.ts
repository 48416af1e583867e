/**
 * The copy catalogue: every customer-facing text, verbatim from the specification (spec §2, §5,
 * §8) and, for data clusters, the CDR Data Language Standards (see data-clusters.ts).
 * One source of wording, so that every channel says the same thing and it can be translated.
 * Texts with placeholders are functions of their values.
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
  intro: (tppName: string): string => `You are about to share your data with ${tppName}`,
  introPar: (tppName: string): string =>
    `You're about to update your data sharing consent arrangement with ${tppName}`,

  login: {
    heading: 'Account Login',
    usernameLabel: 'Username',
    usernameHelp: 'Your username will not be shared.',
    usernameTooltip: 'The unique username you chose when you registered. It has at least 5 characters.',
    forgotUsername: 'Forgot your username?',
    notRegistered: 'Not registered?',
    secureCodeLabel: 'One-time password (security code)',
    secureCodeHelp: 'Enter the 6-digit code from your Digital Secure Key app.',
    lostSecureKey: 'Lost, damaged or stolen secure key?',
    howToGenerate: 'How to generate a secure key?',
    dobHeading: 'Additional security',
    dobLabel: 'Date of birth',
    dobDay: 'DD',
    dobMonth: 'MM',
    dobYear: 'YYYY',
    dobExample: 'For example, 25/12/1966',
    passwordNote: 'We will never ask for your online banking password.',
    cdrPolicy: 'Consumer Data Right policy',
    continue: 'Continue',
    cancel: 'Cancel',
    /** Spec §2: banner shown while a login error is flagged. */
    errorBanner:
      'There appears to be a problem. Please check and make sure you have entered all information correctly to continue.',
  },

  validation: {
    /** Spec §5. */
    usernameEmpty: 'Error: username cannot be empty.',
    usernameEmptyAfterLoginError: 'Please enter your username.',
    secureCode: 'Please enter your secure code.',
    dobInvalid: 'Invalid date. Please try again using correct format DD-MM-YYYY.',
    dobInFuture: 'Date of birth cannot be in the future. Please try again.',
  },

  selectProfile: {
    explanation:
      'Select the profile you would like to share data from. The accounts related to that profile will show after you select it. Only one profile can be used at a time.',
    continue: 'Continue',
    cancel: 'Cancel',
  },

  selectAccounts: {
    /** Spec §2: warnings and notes of the account step. */
    someIneligible: 'Some accounts are not available for data sharing.',
    eligibilityLink: 'Learn more about account eligibility',
    noneEligible: 'You do not have any eligible accounts to share.',
    noneEligibleMore: 'Any other data that has been requested may still be shared.',
    legend: 'Select accounts to share data',
    selectAll: 'Select all available accounts',
    notAllSelected: 'You have chosen not to share information from all your accounts.',
    noneSelected: 'You have not selected any accounts to share.',
    jointAccount: 'Joint account',
    closedAccount: 'Closed account',
    sharingNotAvailable: 'Sharing not available',
    back: 'Back',
    continue: 'Continue',
    cancel: 'Cancel',
  },

  confirmation: {
    whatsChanged: "What's changed",
    accountsAdded: (count: number): string => `${count} ${count === 1 ? 'account' : 'accounts'} added`,
    accountsRemoved: (count: number): string => `${count} ${count === 1 ? 'account' : 'accounts'} removed`,
    periodUpdated: 'Data sharing period updated',
    noAccountSelected:
      'You have not selected an account to share, however you may still continue to share your name and contact details.',
    selectedProfile: 'Selected profile',
    selectedAccounts: 'Selected accounts',
    added: '(Added)',
    removed: '(Removed)',
    removedAccount: 'Removed account',
    closedSubAccount: 'Closed sub-account',
    jointHoldersNotified: 'Joint account holders may be notified',
    dataSharingPeriod: 'Data sharing period',
    updatedDataSharingPeriod: 'Updated data sharing period',
    arrangementId: 'Arrangement ID',
    howLong: 'How long will my data be shared?',
    howLongOngoing: (months: number, until: string): string =>
      `Your data will be shared on an ongoing basis for ${months} ${months === 1 ? 'month' : 'months'}, until ${until}.`,
    howLongOnceOnly: 'Your data will be shared once only. It will not be shared again after today.',
    manageSharing:
      'You can review and withdraw this data sharing arrangement at any time in the mobile app under Profile > Manage data sharing.',
    dataToShare: 'Data that will be shared',
    historyNote: 'This may include data dating back to 1 January 2017.',
    descriptionLabel: 'Your description (Optional)',
    descriptionPlaceholder: 'Visible to all account holders',
    back: 'Back',
    confirm: 'Confirm',
    saveChanges: 'Save changes',
    cancel: 'Cancel',
    exitWithoutSaving: 'Exit without saving',
  },

  failure: {
    /** Spec §2: failure page. */
    defaultMessage: 'Something went wrong. Please try again later.',
    goBack: 'Go Back',
    leavePage: 'Leave Page',
    /** Spec §8 and CONTRACT §7: an error page parameter that cannot be decoded. */
    undecodable: 'We are unable to process your request.',
  },

  /** Spec §5: shown on status 422 of customer details. */
  ageLimitation: 'You must be above 18 years of age to use Open Banking.',
} as const;

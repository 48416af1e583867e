import type { SharingDuration } from './consent';

/**
 * The copy of the steps after login (spec §2 "Select profile", "Select and confirm",
 * "Confirmation"), verbatim from the specification: the second file of the one copy catalogue
 * (domain/copy.ts holds the rest, the buttons included), so that the login screen does not carry
 * words only the later steps show. Each text lives in exactly one of the two.
 */
export const stepsCopy = {
  selectProfile: {
    explanation:
      'Select the profile you would like to share data from. The accounts related to that profile will show after you select it. Only one profile can be used at a time.',
    /** The radio group's legend (the step title says the same, so it is visually hidden). */
    legend: 'Profiles you can share data from',
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
    closedSubAccount: 'Closed sub-account',
    /** The group of an EGA's currency checkboxes (visually hidden legend). */
    currenciesLegend: (accountName: string): string => `Currencies of ${accountName}`,
    /** The optional filter box shown for long account lists; it never changes the selection. */
    filterLabel: 'Find an account',
    filterHelp: 'Search by account name or number. Accounts you have already selected stay selected.',
    filterCount: (shown: number, total: number): string => `Showing ${shown} of ${total} accounts`,
    showMore: (notShown: number): string => `Show more accounts (${notShown} not shown yet)`,
    /** Issue 13 item 1: select-all under a filter acts on the matching accounts only, and says so. */
    selectAllMatching: (count: number): string =>
      count === 1 ? 'Select the 1 matching account' : `Select all ${count} matching accounts`,
    /** Issue 13 item 1: always visible, so that no change to a hidden account goes unseen. */
    selectedCount: (selected: number, total: number): string =>
      `${selected} of ${total} ${total === 1 ? 'account' : 'accounts'} selected`,
    noMatch: 'No accounts match',
  },
  confirmation: {
    whatsChanged: "What's changed",
    accountsAdded: (count: number): string => `${count} ${count === 1 ? 'account' : 'accounts'} added`,
    accountsRemoved: (count: number): string => `${count} ${count === 1 ? 'account' : 'accounts'} removed`,
    periodUpdated: 'Data sharing period updated',
    /** Issue 13 item 2: the data an amendment newly requests, by cluster heading, and its tag in the data list. */
    newDataRequested: (headings: string): string => `New data requested: ${headings}`,
    newTag: 'New',
    noAccountSelected:
      'You have not selected an account to share, however you may still continue to share your name and contact details.',
    /** Issue 13 item 3: the spec's warning when not both customer scopes are requested, naming what is listed. */
    noAccountSelectedYouMayShare: (data: string): string =>
      `You have not selected an account to share, however you may still continue to share your ${data}.`,
    noAccountSelectedNothingElse: 'You have not selected an account to share.',
    /** Issue 13 item 5: the summary at the top of the review (who, how many accounts, how long). */
    summaryHeading: 'Summary',
    sharedWith: 'Sharing with',
    recipientNames: (tppName: string, orgName: string): string =>
      orgName === '' || orgName === tppName ? tppName : `${tppName} (${orgName})`,
    accountsToShare: 'Accounts',
    accountCount: (count: number): string => `${count} ${count === 1 ? 'account' : 'accounts'}`,
    noAccounts: 'No accounts',
    showAccounts: (count: number): string => `Show the ${count} ${count === 1 ? 'account' : 'accounts'}`,
    selectedProfile: 'Selected profile',
    selectedAccounts: 'Selected accounts',
    /** PAR: the groups of the selected accounts. */
    addedAccounts: 'Accounts to be added',
    maintainedAccounts: 'Accounts you are already sharing',
    removedAccounts: 'Accounts to be removed',
    added: '(Added)',
    removed: '(Removed)',
    removedAccount: 'Removed account',
    closedSubAccount: 'Closed sub-account',
    jointHoldersNotified: 'Joint account holders may be notified',
    dataSharingPeriod: 'Data sharing period',
    updatedDataSharingPeriod: 'Updated data sharing period',
    periodRange: (from: string, to: string): string => `${from} to ${to}`,
    periodFrom: (from: string): string => `From ${from}`,
    arrangementId: 'Arrangement ID',
    howLong: 'How long will my data be shared?',
    howLongOngoing: (duration: SharingDuration, until: string): string =>
      `Your data will be shared on an ongoing basis for ${duration.count} ${duration.unit}${duration.count === 1 ? '' : 's'}, until ${until}.`,
    howLongOnceOnly: 'Your data will be shared once only. It will not be shared again after today.',
    manageSharing:
      'You can review and withdraw this data sharing arrangement at any time in the mobile app under Profile > Manage data sharing.',
    dataToShare: 'Data that will be shared',
    historyNote: 'This may include data dating back to 1 January 2017.',
    descriptionLabel: 'Your description (Optional)',
    descriptionPlaceholder: 'Visible to all account holders',
  },
} as const;

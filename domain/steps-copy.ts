import type { SharingDuration } from './consent';
import { BANK_PHONE_NUMBER, Recipient, recipient } from './copy';
import { formatCount } from './numbers';

const days = (count: number): string => `${formatCount(count)} ${count === 1 ? 'day' : 'days'}`;

/**
 * Spec §2 "Select profile", "Select and confirm", "Confirmation": the later steps' half of the copy
 * catalogue, apart from domain/copy.ts so that the login screen does not carry their words.
 */
export const stepsCopy = {
  selectProfile: {
    explanation:
      'Select the profile you would like to share data from. The accounts related to that profile will show after you select it. Only one profile can be used at a time.',
    /** The radio group's legend (the step title says the same, so it is visually hidden). */
    legend: 'Profiles you can share data from',
    /** Issue 33 item 8: Continue with no profile chosen (none is pre-selected), in the GOV.UK radios' error pattern. */
    chooseOne: 'Select a profile to continue.',
  },
  selectAccounts: {
    /** Spec §2: warnings and notes of the account step. */
    someIneligible: 'Some accounts are not available for data sharing.',
    eligibilityLink: 'Learn more about account eligibility',
    noneEligible: 'You do not have any eligible accounts to share.',
    noneEligibleMore: 'Any other data that has been requested may still be shared.',
    /** Issue 33 item 10: no eligible account and only account data asked for: nothing else can be shared, so say what Continue does. */
    noneEligibleNothingElse: (tppName: string): string =>
      `${Recipient(tppName)} asked only for account data, so nothing can be shared. Choose Continue to return to ${recipient(tppName)}.`,
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
    filterCount: (shown: number, total: number): string => `Showing ${formatCount(shown)} of ${formatCount(total)} accounts`,
    showMore: (notShown: number): string => `Show more accounts (${formatCount(notShown)} not shown yet)`,
    /** Issue 13 item 1: select-all under a filter acts on the matching accounts only, and says so. */
    selectAllMatching: (count: number): string => (count === 1 ? 'Select the 1 matching account' : `Select all ${formatCount(count)} matching accounts`),
    /** Issue 13 item 1: always visible, so that no change to a hidden account goes unseen. */
    selectedCount: (selected: number, total: number): string =>
      `${formatCount(selected)} of ${formatCount(total)} ${total === 1 ? 'account' : 'accounts'} selected`,
    noMatch: 'No accounts match',
    /** Issue 23 items B, C: Continue with no account when the recipient asked only for account data (nothing would be shared). */
    selectAnAccount: (tppName: string): string =>
      `Select at least one account to continue. ${Recipient(tppName)} asked only for account data, so without an account nothing would be shared.`,
    /** CX standards "Pending status"; CONTRACT §3 `pendingDisclosureCode`, `pendingDisclosureDays`. */
    pendingJointApproval: 'Needs approval',
    pendingJointApprovalExplanation: (withinDays: number | undefined): string =>
      `The other account holders must approve before we share data from this account. We'll ask them once you confirm${
        withinDays === undefined ? '' : `, and they have ${days(withinDays)} to respond`
      }. Until they approve, no data is shared from this account.`,
    pendingAction: 'Action needed',
    pendingActionExplanation: (withinDays: number | undefined): string =>
      `Something else must happen before we can share data from this account${
        withinDays === undefined ? '' : `, usually within ${days(withinDays)}`
      }. Until then, no data is shared from it. Call us on ${BANK_PHONE_NUMBER} to find out what is needed.`,
    /** CX standards "Unavailable accounts": "SHOULD communicate why these accounts cannot be selected", for every profile. */
    unavailableWhy: "Why can't I select some accounts?",
    unavailableWhyIndividual: [
      "Some types of account can't be shared under the Consumer Data Right, and sharing can be turned off for an account (for example by the holders of a joint account).",
      `You also can't share from an account you can see but don't hold. If you think an account should be available, call us on ${BANK_PHONE_NUMBER}.`,
    ],
    unavailableWhyOrganisation: [
      "For a business or a trust, only the people it has nominated to share its data can share from its accounts. Some types of account can't be shared under the Consumer Data Right.",
      `To be nominated, ask the person who manages the business's accounts with us. If you think an account should be available, call us on ${BANK_PHONE_NUMBER}.`,
    ],
  },
  confirmation: {
    whatsChanged: "What's changed",
    accountsAdded: (count: number): string => `${formatCount(count)} ${count === 1 ? 'account' : 'accounts'} added`,
    accountsRemoved: (count: number): string => `${formatCount(count)} ${count === 1 ? 'account' : 'accounts'} removed`,
    periodUpdated: 'Data sharing period updated',
    /** CX standards "Changing attributes" (whats-changed.ts `periodChange` chooses). */
    periodEndChanged: (before: string, after: string): string => `Data sharing period updated: it now ends on ${after} instead of ${before}`,
    periodNowEnds: (after: string): string => `Data sharing period updated: it now ends on ${after}`,
    periodNowOngoing: (after: string): string => `Data sharing period updated: your data will now be shared until ${after}, instead of once only`,
    periodNowOnceOnly: (before: string): string => `Data sharing period updated: your data will now be shared once only, instead of until ${before}`,
    periodOnceOnlyAgain: 'Data sharing period updated: your data will be shared once only',
    /** Needs CONTRACT §3 `previous`. */
    dataNoLongerRequested: (headings: string): string => `Data no longer requested: ${headings}`,
    /** Issue 13 item 2: the data an amendment newly requests, by cluster heading, and its tag in the data list. */
    newDataRequested: (headings: string): string => `New data requested: ${headings}`,
    newTag: 'New',
    noAccountSelected: 'You have not selected an account to share, however you may still continue to share your name and contact details.',
    /** Issue 13 item 3: the spec's warning when not both customer scopes are requested, naming what is listed. */
    noAccountSelectedYouMayShare: (data: string): string => `You have not selected an account to share, however you may still continue to share your ${data}.`,
    noAccountSelectedNothingElse: 'You have not selected an account to share.',
    /** Issue 23 item B: a review that would share nothing says why and what to do (an amendment has no Back). */
    nothingToShare: (tppName: string, back: string | undefined, cancel: string): string =>
      `Select at least one account before you confirm. ${Recipient(tppName)} asked only for account data, so without an account nothing would be shared. ${
        back === undefined ? `To leave without sharing, choose ${cancel}.` : `Choose ${back} to select an account.`
      }`,
    /** Issue 13 item 5: the summary at the top of the review (who, how many accounts, how long). */
    summaryHeading: 'Summary',
    sharedWith: 'Sharing with',
    recipientNames: (tppName: string, orgName: string): string => (orgName === '' || orgName === tppName ? tppName : `${tppName} (${orgName})`),
    accountsToShare: 'Accounts',
    accountCount: (count: number): string => `${formatCount(count)} ${count === 1 ? 'account' : 'accounts'}`,
    noAccounts: 'No accounts',
    /** CX standards "Account confirm". */
    accountList: (count: number): string => `Account list, ${formatCount(count)} ${count === 1 ? 'account' : 'accounts'}`,
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
    /** Rule 4A.15, CX standards "Joint account alerts". */
    jointHoldersNotNotified: 'The other holders of your joint account will not be notified about this data sharing.',
    dataSharingPeriod: 'Data sharing period',
    updatedDataSharingPeriod: 'Updated data sharing period',
    periodRange: (from: string, to: string): string => `${from} to ${to}`,
    /** Nothing on a once-off consent suggests an ongoing period. */
    periodOnceOnly: (on: string): string => `Once only, on ${on}`,
    arrangementId: 'Arrangement ID',
    howLong: 'How long will my data be shared?',
    howLongOngoing: (duration: SharingDuration, until: string): string =>
      `Your data will be shared on an ongoing basis for ${duration.count} ${duration.unit}${duration.count === 1 ? '' : 's'}, until ${until}.`,
    howLongOnceOnly: 'Your data will be shared once only. It will not be shared again after today.',
    manageSharing: 'You can review and withdraw this data sharing arrangement at any time in the mobile app under Profile > Manage data sharing.',
    dataToShare: 'Data that will be shared',
    historyNote: 'This may include data dating back to 1 January 2017.',
    descriptionLabel: 'Your description (Optional)',
    descriptionPlaceholder: 'Visible to all account holders',
    /** What the description is for and who sees it (a placeholder goes as soon as the customer types). */
    descriptionHint:
      'A name to help you recognise this arrangement later in our mobile app, under Profile > Manage data sharing. Everyone who holds the shared accounts can see it.',
  },
} as const;

// Issue 22: the rules of the Consumer Data Standards' CX standards (release 1.36.0) that the
// domain holds, one describe per rule, quoting it (docs/cx-standards.md names these tests).
import { expect } from 'chai';
import fc from 'fast-check';
import { isChosen, toggleAccount, toggleSelectAll } from '../../domain/account-selection';
import { pendingDisclosureOf } from '../../domain/account-entries';
import { toAccounts } from '../../adapters/account-answer.reader';
import { isSelectable, preselectFromConsent, type Account, type AccountState } from '../../domain/accounts';
import { type Consent } from '../../domain/consent';
import { parseConsentDetail } from '../../adapters/consent-detail.reader';
import { copy, modalText } from '../../domain/copy';
import { CX_STANDARD_DEFAULTS, durationWords, loginLinks, parseCxSwitches, parseOtpExpirySeconds } from '../../domain/cx-settings';
import { dataClusters } from '../../domain/data-clusters';
import { customerWording } from '../../domain/flow-view';
import type { FlowState } from '../../domain/flow-state';
import { secureCodeHelp } from '../../domain/login-feedback';
import { canContinue, EMPTY_LOGIN_FORM, SECURE_CODE_LENGTH, secureCodeEntry, secureCodeError } from '../../domain/login-form';
import { selectProfile } from '../../domain/profiles';
import { listedClusters } from '../../domain/review-data';
import {
  accountTileNotes,
  jointHoldersMayBeNotified,
  jointHoldersNotNotified,
  pendingExplanation,
  REVIEW_ACCOUNT_PAGE,
  reviewAccountPage,
  summarise,
} from '../../domain/selection-summary';
import { dataNoLongerRequested, newlyRequestedData, periodChange, whatsChanged } from '../../domain/whats-changed';
import { rawAccount } from '../fixtures/raw-accounts.fixture';
import { accounts, customerOnlyConsent, flowState, trustProfiles, trustRawAccounts } from './fixtures/flow-state.fixture';

const ALL_ON = {
  showForgottenDetailsLink: true,
  showNotRegisteredLink: true,
  showSecureKeyHelpLink: true,
  showCdrPolicyLink: true,
  showFooterLinksOnLogin: true,
};

const accountsOf = (raw: unknown[]): AccountState => {
  const read = toAccounts(raw);
  if (!read.ok) throw new Error(JSON.stringify(read.error));
  return read.value;
};

const consentOf = (detail: Record<string, unknown>): Consent => {
  const parsed = parseConsentDetail({ detail });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return parsed.value;
};

const CLAIMS = '{"cdr_arrangement_id":"arr-1"}';
const BASIC = 'bank:accounts.basic:read';
const DETAIL = 'bank:accounts.detail:read';
const TRANSACTIONS = 'bank:transactions:read';
const PAYMENTS = 'bank:regular_payments:read';
const CUSTOMER_BASIC = 'common:customer.basic:read';
const CUSTOMER_DETAIL = 'common:customer.detail:read';

/** An amendment asking for `scopes` (those in `granted` carry the arrangement id), with `extra` detail fields. */
const amendment = (scopes: string[], granted: string[], extra: Record<string, unknown> = {}): Consent =>
  consentOf({ permissions: scopes.map((permission) => (granted.includes(permission) ? { permission, claims: CLAIMS } : { permission })), ...extra });

const NOV_2027 = '2027-11-26T00:00:00Z';
const MAY_2027 = '2027-05-26T00:00:00Z';

describe('CX standards (CDS 1.36.0) in the domain (issue 22)', () => {
  describe('Authentication, Password link: "Data holders MUST NOT include forgotten details links in redirect screens."', () => {
    it('by default the login offers no "Forgot your username?", and the "One attempt left" modal does not point to it', () => {
      expect(loginLinks(CX_STANDARD_DEFAULTS).forgotUsername).to.equal(false);
      const context = { tppName: 'Budget Buddy', isPar: false, outcome: 'nothingShared' as const, forgottenDetailsLink: false };
      const said = copy.modals.invalidUsernameLastAttempt.paragraphs.map((paragraph) => modalText(paragraph, context)).join(' ');
      expect(said).not.to.include('Forgot your username?');
      expect(said).to.include('You have one attempt left. If it is not accepted, login is locked for 10 minutes.');
    });

    it("the bank's switch cx.showForgottenDetailsLink brings the spec's link back, and the modal's pointer with it", () => {
      expect(loginLinks({ ...CX_STANDARD_DEFAULTS, showForgottenDetailsLink: true }).forgotUsername).to.equal(true);
      const context = { tppName: 'Budget Buddy', isPar: false, outcome: 'nothingShared' as const, forgottenDetailsLink: true };
      expect(copy.modals.invalidUsernameLastAttempt.paragraphs.map((paragraph) => modalText(paragraph, context)).join(' ')).to.include(
        "If you're not sure of your username, choose Forgot your username? on the login page.",
      );
    });
  });

  describe('Authentication, Friction: "Data holders MUST NOT introduce unwarranted friction into the authentication process" ("Offering additional or alternative services"; "Referencing or including other documents")', () => {
    it('by default the login offers no registration, no external help page, no CDR policy and no footer documents; the lost-key help stays', () => {
      expect(loginLinks(CX_STANDARD_DEFAULTS)).to.deep.equal({
        forgotUsername: false,
        notRegistered: false,
        lostSecureKey: true,
        howToGenerate: false,
        cdrPolicy: false,
        footerLinks: false,
      });
    });

    it('each link comes back only by its own switch', () => {
      expect(loginLinks(ALL_ON)).to.deep.equal({
        forgotUsername: true,
        notRegistered: true,
        lostSecureKey: true,
        howToGenerate: true,
        cdrPolicy: true,
        footerLinks: true,
      });
      expect(loginLinks({ ...CX_STANDARD_DEFAULTS, showCdrPolicyLink: true })).to.deep.include({
        cdrPolicy: true,
        howToGenerate: false,
        footerLinks: false,
        notRegistered: false,
      });
    });

    it('the switches are read from config.json `cx`: absent is the standard; a misspelt or non-boolean switch is named, never silently the default', () => {
      expect(parseCxSwitches(undefined)).to.deep.equal({ ok: true, value: CX_STANDARD_DEFAULTS });
      expect(parseCxSwitches({ showCdrPolicyLink: true })).to.deep.equal({ ok: true, value: { ...CX_STANDARD_DEFAULTS, showCdrPolicyLink: true } });
      expect(parseCxSwitches({ showForgotenDetailsLink: true, showCdrPolicyLink: 'yes' })).to.deep.equal({
        ok: false,
        error: [
          'cx.showForgotenDetailsLink is not a switch (known: showForgottenDetailsLink, showNotRegisteredLink, showSecureKeyHelpLink, showCdrPolicyLink, showFooterLinksOnLogin)',
          'cx.showCdrPolicyLink must be true or false',
        ],
      });
      expect(parseCxSwitches([true])).to.deep.equal({ ok: false, error: ['cx must be an object of switches (true or false)'] });
    });
  });

  describe('Authentication, OTP expiry: "Data holders MUST communicate the expiry period of the OTP to the consumer in the authentication flow."', () => {
    it("the code field's help says how long a code lasts, in minutes or seconds", () => {
      expect(secureCodeHelp(120)).to.equal(
        'Enter the 6-digit secure code from your Digital Secure Key app. Each code expires 2 minutes after your app generates it.',
      );
      expect(secureCodeHelp(60)).to.include('Each code expires 1 minute after');
      expect(secureCodeHelp(90)).to.include('Each code expires 90 seconds after');
      expect([durationWords(1), durationWords(30), durationWords(300)]).to.deep.equal(['1 second', '30 seconds', '5 minutes']);
    });

    it('the date-of-birth step-up, which asks for a new code, says it too', () => {
      expect(copy.login.dobStepUpWithExpiry(120)).to.equal(
        'For your security we also need your date of birth. Enter it with a new secure code: each code expires 2 minutes after your app generates it.',
      );
    });

    it('the lifetime comes from config.json otpExpirySeconds: a whole number of seconds from 1 to 3600, required', () => {
      expect(parseOtpExpirySeconds(120)).to.deep.equal({ ok: true, value: 120 });
      for (const bad of [undefined, 0, 1.5, -60, 3601, '120', null]) expect(parseOtpExpirySeconds(bad).ok, String(bad)).to.equal(false);
    });
  });

  describe('OTP: "The provided OTP MUST be numeric digits and be between 4 and 6 digits in length."', () => {
    it('the login goes on only with a secure code of 6 digits 0-9 (within 4 to 6); the field keeps digits only, at most 6 (login-form.ts)', () => {
      expect(SECURE_CODE_LENGTH).to.be.within(4, 6);
      const today = { year: 2026, month: 11, day: 23 };
      const goesOn = (secureCode: string): boolean => canContinue({ ...EMPTY_LOGIN_FORM, username: 'jane.citizen', secureCode }, { requireDob: false, today });
      for (const code of ['123456', '000000', '987654']) {
        expect(secureCodeError(code), code).to.equal(undefined);
        expect(goesOn(code), code).to.equal(true);
      }
      for (const code of ['', '1234', '12345', '1234567', '12345a', 'abcdef', '12.456', '+12345', '１２３４５６', '١٢٣٤٥٦']) {
        expect(secureCodeError(code), code).to.equal(copy.validation.secureCode);
        expect(goesOn(code), code).to.equal(false);
      }
      fc.assert(
        fc.property(fc.string({ maxLength: 20 }), fc.stringMatching(/^[0-9]{0,6}$/), (typed, previous) => {
          expect(secureCodeEntry(typed, previous).code).to.match(/^[0-9]{0,6}$/);
        }),
      );
    });
  });

  describe('Authentication, Passwords: "Data holders and data recipients MUST state in consumer-facing interactions and communications that third parties do not need consumer passwords to access CDR data."', () => {
    it("the login's note says so in the same words before and after the token is verified (and still that the bank never asks)", () => {
      expect(copy.login.passwordNote).to.equal('Third parties never need your online banking password to access your data, and we will never ask for it here.');
    });
  });

  describe('Authorisation, Pending status: "Where an account requires further actions or approvals before data can be disclosed, data holders MUST indicate this to the user visually and MUST provide an explanation of what is required or expected."', () => {
    const pending = [
      rawAccount({ id: 'p-joint', joint: true, pending: { code: 'JOINT_APPROVAL_REQUIRED', days: 7 } }),
      rawAccount({ id: 'p-other', pending: { code: 'SOMETHING_NEW' } }),
      rawAccount({ id: 'p-none', pending: { code: null, days: 3 } }),
      rawAccount({ id: 'p-ineligible', eligible: false, joint: true, pending: { code: 'JOINT_APPROVAL_REQUIRED' } }),
    ];

    it('reads CONTRACT §3 pendingDisclosureCode and pendingDisclosureDays: the joint approval, any other code as an action, no code as nothing pending', () => {
      const state = accountsOf(pending);
      expect(state.data.map((account) => account.pending)).to.deep.equal([
        { reason: 'jointApproval', withinDays: 7 },
        { reason: 'action' },
        undefined,
        { reason: 'jointApproval' },
      ]);
      expect(pendingDisclosureOf('  ', 4)).to.equal(undefined);
      expect(
        toAccounts([{ ...rawAccount({ id: 'x' }), supplementaryData: { rbwmPIB: { eligibleAccount: true, pendingDisclosureDays: 'soon' } } }]).ok,
      ).to.equal(false);
      expect(toAccounts([{ ...rawAccount({ id: 'x' }), supplementaryData: { rbwmPIB: { eligibleAccount: true, pendingDisclosureCode: 7 } } }]).ok).to.equal(
        false,
      );
    });

    it('"This indication MUST be accompanied by an in-context explanation to describe what the status means. This explanation SHOULD include any required actions and any specified time frames."', () => {
      expect(pendingExplanation({ reason: 'jointApproval', withinDays: 7 })).to.deep.equal({
        tag: 'Needs approval',
        explanation:
          "The other account holders must approve before we share data from this account. We'll ask them once you confirm, and they have 7 days to respond. Until they approve, no data is shared from this account.",
      });
      expect(pendingExplanation({ reason: 'jointApproval' })?.explanation).not.to.match(/days/);
      expect(pendingExplanation({ reason: 'action', withinDays: 1 })?.explanation).to.equal(
        'Something else must happen before we can share data from this account, usually within 1 day. Until then, no data is shared from it. Call us on 1300 975 707 to find out what is needed.',
      );
      expect(pendingExplanation(undefined)).to.equal(undefined);
    });

    it('the mark is among the tile\'s notes; an account that cannot be selected is "Sharing not available", not pending', () => {
      const [joint, other, none, ineligible] = accountsOf(pending).data;
      expect(accountTileNotes(joint as Account)).to.deep.equal(['Joint account', 'Needs approval']);
      expect(accountTileNotes(other as Account)).to.deep.equal(['Action needed']);
      expect(accountTileNotes(none as Account)).to.deep.equal([]);
      expect(accountTileNotes(ineligible as Account)).to.deep.equal(['Joint account', 'Sharing not available']);
    });

    it('the selection rule: a pending account is selectable (the customer authorises now; the bank discloses once the approval is given); select-all and pre-selection include it', () => {
      const state = accountsOf(pending);
      const [joint, other, , ineligible] = state.data;
      expect([joint, other, ineligible].map((account) => isSelectable(account as Account))).to.deep.equal([true, true, false]);
      expect(state.availableAccounts.map((account) => account.id)).to.deep.equal(['p-joint', 'p-other', 'p-none']);
      expect(isChosen(toggleAccount(state.data, 'p-joint')[0] as Account)).to.equal(true);
      expect(
        toggleSelectAll(state.data)
          .filter(isChosen)
          .map((account) => account.id),
      ).to.deep.equal(['p-joint', 'p-other', 'p-none']);
      const amended = preselectFromConsent(state, [{ secondaryIdentification: 'p-joint' }]);
      expect(amended.data[0]).to.deep.include({ id: 'p-joint', preSelected: true, selected: true });
    });

    it('a multi-currency account is pending when a currency is, so the group is marked and explained', () => {
      const state = accountsOf([
        rawAccount({ id: 'e-aud', identification: 'C1', schemeName: 'EGA', control: 'C1' }),
        rawAccount({
          id: 'e-usd',
          identification: 'C2',
          schemeName: 'EGA',
          control: 'C1',
          currency: 'USD',
          pending: { code: 'JOINT_APPROVAL_REQUIRED', days: 5 },
        }),
      ]);
      expect(state.data[0]?.pending).to.deep.equal({ reason: 'jointApproval', withinDays: 5 });
    });
  });

  describe('Authorisation, Account confirm: "Data holders MUST show which accounts the data is being shared from prior to confirming authorisation if the data request includes account-specific data."', () => {
    const many = (count: number): Account[] =>
      accountsOf(Array.from({ length: count }, (_, index) => rawAccount({ id: `a-${index}` }))).data.map((account) => ({ ...account, selected: true }));

    it("the review's lines are shown without a click: the first page at once, whatever the length", () => {
      const accounts = many(5000);
      const summary = summarise(accounts, false);
      const page = reviewAccountPage(accounts, false, REVIEW_ACCOUNT_PAGE);
      expect(page.added.map((entry) => entry.account.id)).to.deep.equal(summary.added.slice(0, 50).map((entry) => entry.account.id));
      expect(page.notShown).to.equal(4950);
      expect(reviewAccountPage(accounts, false, 5000).notShown).to.equal(0);
    });

    it('pages run through added, then kept, then removed accounts in their order', () => {
      const accounts = many(6).map((account, index) => ({ ...account, preSelected: index >= 2, selected: index < 4 }));
      const page = reviewAccountPage(accounts, true, 3);
      expect([page.added, page.maintained, page.removed].map((group) => group.map((entry) => entry.account.id))).to.deep.equal([['a-0', 'a-1'], ['a-2'], []]);
      expect(page.notShown).to.equal(3);
    });
  });

  describe('Notifications, Joint account alerts: "Data holders MUST alert a joint account holder where an action they are about to perform may result in the other joint account holder(s) being notified."', () => {
    it('an amendment that stops sharing from a joint account alerts, as adding or keeping one does', () => {
      const [joint, single] = accountsOf([rawAccount({ id: 'j', joint: true }), rawAccount({ id: 's' })]).data as [Account, Account];
      const removedJoint = [
        { ...joint, preSelected: true, selected: false },
        { ...single, preSelected: true, selected: true },
      ];
      expect(summarise(removedJoint, true).removed.map((entry) => entry.account.id)).to.deep.equal(['j']);
      expect(jointHoldersMayBeNotified(removedJoint)).to.equal(true);
      expect(jointHoldersMayBeNotified([{ ...joint, selected: true }])).to.equal(true);
      expect(jointHoldersMayBeNotified([{ ...single, selected: true }, joint])).to.equal(false);
    });
  });

  describe('Notifications, Joint account alerts, Rule 4A.15 exemptions: "Where rule 4A.15 is leveraged to allow a vulnerable requester to share their joint account data as if it were an individual account, the data holder MUST alert the requester, in the context of the authorisation flow, that the other joint account holder(s) will not be notified."', () => {
    it('reads CONTRACT §3 jointNotificationsWithheld; such an account alerts that the other holders will not be notified, and not that they may be', () => {
      const [withheld, joint] = accountsOf([
        rawAccount({ id: 'w', joint: true, notificationsWithheld: true }),
        rawAccount({ id: 'j', joint: true, notificationsWithheld: false }),
      ]).data as [Account, Account];
      expect([withheld.jointNotificationsWithheld, joint.jointNotificationsWithheld]).to.deep.equal([true, undefined]);
      const onlyWithheld = [{ ...withheld, selected: true }, joint];
      expect([jointHoldersNotNotified(onlyWithheld), jointHoldersMayBeNotified(onlyWithheld)]).to.deep.equal([true, false]);
      const both = [
        { ...withheld, selected: true },
        { ...joint, selected: true },
      ];
      expect([jointHoldersNotNotified(both), jointHoldersMayBeNotified(both)]).to.deep.equal([true, true]);
      expect(
        toAccounts([{ ...rawAccount({ id: 'x' }), supplementaryData: { rbwmPIB: { eligibleAccount: true, jointNotificationsWithheld: 'yes' } } }]).ok,
      ).to.equal(false);
    });
  });

  describe('Data language: "Data Recipients and Data Holders MUST use the appropriate data standards language for business consumers as denoted with an \'*\' for the relevant data."', () => {
    it("the customer data of a business consumer takes the organisation words: a non-individual's accounts (TrustUser), a business profile chosen with no account loaded, an amendment of a business arrangement (CONTRACT §3 profileId) with none loaded; an individual keeps the individual words (flow-view.ts customerWording)", () => {
      const headings = (state: FlowState): string[] =>
        dataClusters([CUSTOMER_BASIC, CUSTOMER_DETAIL], customerWording(state)).map((cluster) => cluster.heading);
      const ORGANISATION = ['Organisation profile', 'Organisation contact details'];
      const INDIVIDUAL = ['Name and occupation', 'Contact details'];
      const trustChosen = selectProfile(trustProfiles(), 'BC1001');
      if (!trustChosen.ok) throw new Error('fixture');
      const amendmentOf = (profileId: string): Consent => consentOf({ permissions: [{ permission: CUSTOMER_BASIC, claims: CLAIMS }], profileId });

      expect(headings(flowState('confirmation')), "an individual's accounts").to.deep.equal(INDIVIDUAL);
      expect(headings(flowState('confirmation', { accounts: accounts(trustRawAccounts()) })), "a trust's accounts").to.deep.equal(ORGANISATION);
      expect(
        headings(flowState('confirmation', { consent: customerOnlyConsent(), profiles: trustChosen.value, accounts: undefined })),
        'the trust profile chosen, customer data only',
      ).to.deep.equal(ORGANISATION);
      expect(
        headings(flowState('confirmation', { consent: amendmentOf('BIZ-1'), profiles: [], accounts: undefined })),
        'an amendment of a business arrangement',
      ).to.deep.equal(ORGANISATION);
      expect(
        headings(flowState('confirmation', { consent: amendmentOf('PERSONAL'), profiles: [], accounts: undefined })),
        'an amendment of a personal arrangement',
      ).to.deep.equal(INDIVIDUAL);
      expect(parseConsentDetail({ detail: { permissions: [{ permission: CUSTOMER_BASIC }], profileId: 7 } })).to.deep.equal({
        ok: false,
        error: { kind: 'malformedField', field: 'profileId' },
      });
    });
  });

  describe('Amending authorisation, Changing attributes: "Data Holders MUST indicate where a dataset is being added to an authorisation or a disclosure duration is being amended. Data Holders MAY apply this standard to other changing attributes, but this MUST ONLY apply where the attribute in the new authorisation differs to that of the previous authorisation."', () => {
    const SCOPES = [BASIC, TRANSACTIONS, CUSTOMER_BASIC];
    const changes = (consent: Consent, counts: { added?: number; removed?: number } = {}) =>
      whatsChanged({
        consent,
        accountsAdded: counts.added ?? 0,
        accountsRemoved: counts.removed ?? 0,
        listed: listedClusters(dataClusters(consent.scopes, 'individual'), { accountsShared: true, newScopes: newlyRequestedData(consent, 'individual') }),
        wording: 'individual',
      });

    it('an identical re-amendment (same end date, same data, same accounts) indicates nothing: no period line, no notice lines', () => {
      const same = amendment(SCOPES, SCOPES, { expirationDateTime: NOV_2027, previous: { expirationDateTime: '2027-11-26T03:00:00Z', scopes: SCOPES } });
      expect(changes(same)).to.deep.include({ periodUpdated: false, period: undefined, lines: [] });
    });

    it('a shortened period names the old and the new end', () => {
      const shorter = amendment(SCOPES, SCOPES, { expirationDateTime: MAY_2027, previous: { expirationDateTime: NOV_2027, scopes: SCOPES } });
      expect(changes(shorter)?.lines).to.deep.equal(['Data sharing period updated: it now ends on 26 May 2027 instead of 26 November 2027']);
      expect(periodChange(amendment(SCOPES, SCOPES, { expirationDateTime: NOV_2027, previous: { expirationDateTime: null, scopes: SCOPES } }))).to.equal(
        'Data sharing period updated: your data will now be shared until 26 November 2027, instead of once only',
      );
      expect(periodChange(amendment(SCOPES, SCOPES, { previous: { expirationDateTime: NOV_2027, scopes: SCOPES } }))).to.equal(
        'Data sharing period updated: your data will now be shared once only, instead of until 26 November 2027',
      );
      expect(periodChange(amendment(SCOPES, SCOPES, { previous: { expirationDateTime: null, scopes: SCOPES } }))).to.equal(undefined);
    });

    it("without the bank's previous block: nothing less than before (the period line, with its new end) and nothing untrue (no data named as dropped)", () => {
      const unknown = amendment(SCOPES, [BASIC, CUSTOMER_BASIC], { expirationDateTime: MAY_2027 });
      expect(changes(unknown, { added: 1 })?.lines).to.deep.equal([
        '1 account added',
        'Data sharing period updated: it now ends on 26 May 2027',
        'New data requested: Transaction details',
      ]);
      expect(dataNoLongerRequested(unknown, 'individual')).to.deep.equal([]);
    });

    it('"MUST indicate where a dataset is being added": newly requested data is named; data already shared under another name is not', () => {
      const added = amendment([...SCOPES, PAYMENTS], SCOPES, { expirationDateTime: NOV_2027, previous: { expirationDateTime: NOV_2027, scopes: SCOPES } });
      expect(changes(added)?.lines).to.deep.equal(['New data requested: Direct debits and scheduled payments']);
      // The basic scope beside a detail scope granted alone before: "Account balance and details" already held it.
      const basicAdded = amendment([BASIC, DETAIL], [DETAIL], { previous: { expirationDateTime: null, scopes: [DETAIL] } });
      expect(newlyRequestedData(basicAdded, 'individual')).to.deep.equal([]);
    });

    it("data no longer requested is named as such (the complete What's changed), by its own cluster, and only when it is no longer shared", () => {
      const dropped = amendment([BASIC, CUSTOMER_BASIC], [BASIC, CUSTOMER_BASIC], {
        expirationDateTime: NOV_2027,
        previous: { expirationDateTime: NOV_2027, scopes: SCOPES },
      });
      expect(changes(dropped)?.lines).to.deep.equal(['Data no longer requested: Transaction details']);
      const contactDropped = amendment([CUSTOMER_BASIC], [CUSTOMER_BASIC], { previous: { expirationDateTime: null, scopes: [CUSTOMER_DETAIL] } });
      expect(dataNoLongerRequested(contactDropped, 'individual')).to.deep.equal(['Contact details']);
      expect(dataNoLongerRequested(contactDropped, 'organisation')).to.deep.equal(['Organisation contact details']);
      const basicDropped = amendment([DETAIL], [DETAIL], { previous: { expirationDateTime: null, scopes: [BASIC, DETAIL] } });
      expect(dataNoLongerRequested(basicDropped, 'individual'), 'name, type and balance are still in "Account balance and details"').to.deep.equal([]);
      const profileDropped = amendment([CUSTOMER_BASIC], [CUSTOMER_BASIC], { previous: { expirationDateTime: null, scopes: [CUSTOMER_BASIC, 'profile'] } });
      expect(dataNoLongerRequested(profileDropped, 'individual'), 'the name is still in "Name and occupation"').to.deep.equal([]);
    });

    it("the accounts: added and removed counts only when above 0; a first consent has no What's changed", () => {
      const same = amendment(SCOPES, SCOPES, { expirationDateTime: NOV_2027, previous: { expirationDateTime: NOV_2027, scopes: SCOPES } });
      expect(changes(same, { added: 2, removed: 1 })?.lines).to.deep.equal(['2 accounts added', '1 account removed']);
      expect(changes(consentOf({ permissions: [{ permission: BASIC }], expirationDateTime: NOV_2027 }))).to.equal(undefined);
    });

    it('CONTRACT §3 previous: read when present, an error when malformed', () => {
      expect(amendment(SCOPES, SCOPES, { previous: { expirationDateTime: NOV_2027, scopes: [BASIC, BASIC] } }).previous).to.deep.equal({
        scopes: [BASIC],
        expirationMs: Date.parse(NOV_2027),
      });
      for (const previous of [{ scopes: 'all' }, { scopes: [BASIC], expirationDateTime: 'later' }, { scopes: [''] }, 'yes']) {
        expect(parseConsentDetail({ detail: { permissions: [{ permission: BASIC, claims: CLAIMS }], previous } })).to.deep.equal({
          ok: false,
          error: { kind: 'malformedField', field: 'previous' },
        });
      }
    });
  });
});

// Wire shapes of the customer-auth API as the sandbox bank sends them (CONTRACT §3-§5).
// `null` appears here only because the wire has it.

/** CONTRACT §3 RawAccount. */
export interface RawAccount {
  readonly productName: string;
  readonly nickName: string | null;
  readonly status: 'ACTIVE' | 'CLOSED';
  readonly currency: string;
  readonly scheme: {
    readonly schemeName: string;
    readonly identification: string;
    readonly secondaryIdentification: string;
    readonly controlAccountIdentification: string | null;
  };
  readonly supplementaryData: {
    readonly rbwmPIB: {
      readonly eligibleAccount: boolean;
      readonly jointAccountIndicator: boolean;
      readonly accountOwnershipTypeCode: string;
      /** CONTRACT §3, issue 22: why the account's data cannot be disclosed yet (e.g. JOINT_APPROVAL_REQUIRED). */
      readonly pendingDisclosureCode?: string | null;
      /** CONTRACT §3, issue 22: the time frame of that approval or action, in days. */
      readonly pendingDisclosureDays?: number | null;
      /** CONTRACT §3, issue 22: rule 4A.15: shared as if the customer's alone; the other holders are not notified. */
      readonly jointNotificationsWithheld?: boolean | null;
    };
  };
}

/** CONTRACT §5: an account as named in a selection or a consent detail. */
export interface AccountReference {
  readonly schemeName: string;
  readonly identification: string;
  readonly secondaryIdentification: string;
}

/** CONTRACT §5 save-selection request body (validated by the contract schema before it gets here). */
export interface SaveSelectionBody {
  readonly permissions: readonly { readonly permission: string; readonly accounts?: readonly AccountReference[] }[];
  readonly consentNickname?: string;
}

/** CONTRACT §3 authenticate request body (validated by the contract schema before it gets here). */
export interface AuthenticateBody {
  readonly authType: 'SECURE_CODE' | 'DOB_SECURE_CODE';
  readonly username: string;
  readonly secureCode: string;
  readonly dateOfBirth?: string;
}

/** The reference of a raw account (CONTRACT §5: secondaryIdentification is the stable id). */
export const referenceOf = (account: RawAccount): AccountReference => ({
  schemeName: account.scheme.schemeName,
  identification: account.scheme.identification,
  secondaryIdentification: account.scheme.secondaryIdentification,
});

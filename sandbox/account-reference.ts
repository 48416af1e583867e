// CONTRACT §5: an account is named in a selection or a consent detail by its scheme's three
// identifiers; secondaryIdentification is the stable id.
import type { AccountReference, RawAccount } from '../contract/customer-auth.wire';

/** CONTRACT §5: the reference under which a selection or a consent detail names this account. */
export const referenceOf = (account: RawAccount): AccountReference => ({
  schemeName: account.scheme.schemeName,
  identification: account.scheme.identification,
  secondaryIdentification: account.scheme.secondaryIdentification,
});

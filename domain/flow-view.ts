import { isCustomerScopesOnly } from './consent';
import type { DataClusterProfile } from './data-clusters';
import type { FlowFlags } from './flow';
import type { FlowState } from './flow-state';
import { selectedProfile, selectIndividual, singleProfile } from './profiles';

/** Spec §4, §2: the flags that decide which steps are shown and which buttons they have. */
export function flowFlags(state: FlowState): FlowFlags {
  return {
    skipStep: state.consent !== undefined && isCustomerScopesOnly(state.consent),
    isPar: state.consent?.isPAR ?? false,
    singleProfile: singleProfile(state.profiles),
  };
}

/**
 * Spec §3 "individualAccount (false if any account is TrustUser)": whose data the customer
 * clusters describe. The accounts' ownership decides (an amendment of a trust arrangement is the
 * trust's, whatever profile is selected by default); without accounts (only customer data
 * requested), the chosen profile does: PERSONAL is the individual, any other an organisation.
 */
export function customerWording(state: FlowState): DataClusterProfile {
  const accounts = state.accounts;
  if (accounts !== undefined && accounts.data.length > 0) return accounts.individualAccount ? 'individual' : 'organisation';
  if (state.consent?.isPAR === true || selectedProfile(state.profiles) === undefined) return 'individual';
  return selectIndividual(state.profiles) ? 'individual' : 'organisation';
}

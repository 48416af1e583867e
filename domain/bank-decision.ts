/**
 * DESIGN §3.11, §3.16: what the answers so far prove of the bank's decision; the words about the
 * outcome follow it (outcome.ts). A leaf of the flow's state (flow-state.ts), so that the words
 * can read it without the state they are part of (docs/architecture.md "No import cycles").
 * - `unclear`: an approval was asked and no answer proved its outcome: the bank may hold it;
 * - `committed`: the bank holds this tab's approval (409 on our own key), its code not had yet;
 * - `elsewhere`: another tab or window decided first.
 * The answer of an approval, and what another tab decided, are their phases' (flow-state.ts).
 */
export type BankDecision =
  | { readonly kind: 'none' }
  | { readonly kind: 'unclear' }
  | { readonly kind: 'committed' }
  | { readonly kind: 'approved' }
  | { readonly kind: 'rejected' }
  | { readonly kind: 'elsewhere' };

export const NO_DECISION: BankDecision = { kind: 'none' };

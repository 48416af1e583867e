import type { Container } from 'inversify';
import { bindSingletons } from './bind-singletons';
import { AccountSelectionStore } from './stores/account-selection.store';
import { ConfirmationStore } from './stores/confirmation.store';
import { ProfileStore } from './stores/profile.store';

/** The stores of the steps after login: select profile, select and confirm, confirmation. */
const LATER_STEP_STORES = [ProfileStore, AccountSelectionStore, ConfirmationStore] as const;

/** Binds the later steps' stores, idempotently; a browser loads this module on demand, so the login screen does not carry it. */
export function bindLaterSteps(container: Container): void {
  bindSingletons(container, LATER_STEP_STORES);
}

import { lazy } from 'react';

// The steps after login are loaded on demand, so the login screen ships only what it needs;
// they are fetched as soon as the login screen is idle, so no step waits for them.
const loadSelectProfile = () => import('../pages/select-profile-page');
const loadSelectAccounts = () => import('../pages/select-accounts-page');
const loadConfirmation = () => import('../pages/confirmation-page');

export const LazySelectProfilePage = lazy(() => loadSelectProfile().then((m) => ({ default: m.SelectProfilePage })));
export const LazySelectAccountsPage = lazy(() => loadSelectAccounts().then((m) => ({ default: m.SelectAccountsPage })));
export const LazyConfirmationPage = lazy(() => loadConfirmation().then((m) => ({ default: m.ConfirmationPage })));

/** Fetches the later steps in the background (idempotent: modules load once). */
export function preloadLaterSteps(): void {
  void Promise.all([loadSelectProfile(), loadSelectAccounts(), loadConfirmation()]).catch(() => {
    // A failed preload is retried by the lazy component when the step is reached.
  });
}

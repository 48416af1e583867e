import { lazy, type ComponentType } from 'react';
import { whenBrowserOnline } from '../../../adapters/composition-root';
import type { LaterSteps } from '../../../application/use-cases/later-steps.use-case';
import { loadLaterStepsStylesheet } from './later-steps-stylesheet';
import { loadWithRetries } from './load-with-retries';

// The steps after login are loaded on demand, with their stores (LaterSteps binds them) and their
// stylesheet, so the login screen ships only what it needs; they are fetched once the login
// screen has settled (ui/shell/when-settled.ts), so no step waits for them.
const loadSelectProfile = () => import('../pages/select-profile-page');
const loadSelectAccounts = () => import('../pages/select-accounts-page');
const loadConfirmation = () => import('../pages/confirmation-page');

export interface LaterStepPages {
  readonly SelectProfilePage: ComponentType;
  readonly SelectAccountsPage: ComponentType;
  readonly ConfirmationPage: ComponentType;
  /** Fetches the later steps in the background (idempotent: modules load once). */
  preload(): void;
}

/**
 * The later steps' pages as lazy components, each ready once its module, the stores and the
 * stylesheet are loaded; a failed load is tried again (loadWithRetries), and one that still
 * fails, or never finishes, makes the page throw (StepSwitch answers with Service unavailable).
 */
export function laterStepPages(laterSteps: LaterSteps): LaterStepPages {
  const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
    lazy(async () => {
      const [module] = await loadWithRetries(() => Promise.all([load(), laterSteps.load(), loadLaterStepsStylesheet()]), undefined, whenBrowserOnline);
      return { default: pick(module) };
    });
  return {
    SelectProfilePage: page(loadSelectProfile, (m) => m.SelectProfilePage),
    SelectAccountsPage: page(loadSelectAccounts, (m) => m.SelectAccountsPage),
    ConfirmationPage: page(loadConfirmation, (m) => m.ConfirmationPage),
    preload() {
      void Promise.all([loadSelectProfile(), loadSelectAccounts(), loadConfirmation(), laterSteps.load(), loadLaterStepsStylesheet()]).catch(() => {
        // A failed preload is tried again by the lazy page when its step is reached.
      });
    },
  };
}

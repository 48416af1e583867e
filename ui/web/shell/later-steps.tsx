import { lazy, useState, type ComponentType } from 'react';
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
 * The later steps' pages. A page whose module, stores and stylesheet are loaded (preloaded, or
 * loaded once) renders at once; one that is not yet loaded is a lazy component, ready once all
 * three are; a failed load is tried again (loadWithRetries), and one that still fails, or never
 * finishes, makes the page throw (StepSwitch answers with Service unavailable).
 *
 * Why not a lazy component always: React.lazy calls its loader only at the first render, so even a
 * preloaded step would suspend once there. Its Suspense boundary would show the spinner mask for
 * a frame and render the step on a retry, in slices with a frame of the page being left between
 * each: about 180 ms of a 5,000-account review's 470 ms at 4× CPU (docs/review.md).
 */
export function laterStepPages(laterSteps: LaterSteps): LaterStepPages {
  const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => {
    let loaded: ComponentType | undefined;
    const whenLoaded = async (): Promise<ComponentType> => {
      const [module] = await Promise.all([load(), laterSteps.load(), loadLaterStepsStylesheet()]);
      loaded = pick(module);
      return loaded;
    };
    const Lazy = lazy(async () => ({ default: await loadWithRetries(whenLoaded, undefined, whenBrowserOnline) }));
    // Chosen once per mount: a page first shown lazily stays that component (no remount once it loads).
    function LaterStepPage() {
      const [Page] = useState<ComponentType>(() => loaded ?? Lazy);
      return <Page />;
    }
    return { Page: LaterStepPage, preload: whenLoaded };
  };
  const selectProfile = page(loadSelectProfile, (m) => m.SelectProfilePage);
  const selectAccounts = page(loadSelectAccounts, (m) => m.SelectAccountsPage);
  const confirmation = page(loadConfirmation, (m) => m.ConfirmationPage);
  return {
    SelectProfilePage: selectProfile.Page,
    SelectAccountsPage: selectAccounts.Page,
    ConfirmationPage: confirmation.Page,
    preload() {
      void Promise.all([selectProfile.preload(), selectAccounts.preload(), confirmation.preload()]).catch(() => {
        // A failed preload is tried again by the lazy page when its step is reached.
      });
    },
  };
}

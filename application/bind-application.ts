import type { Container } from 'inversify';
import { configure } from 'mobx';
import { bindSingletons } from './bind-singletons';
import { LoginStore } from './stores/login.store';
import { ModalStore } from './stores/modal.store';
import { SessionStore } from './stores/session.store';
import { AccountStep } from './use-cases/account-step.use-case';
import { ConfirmConsent } from './use-cases/confirm-consent.use-case';
import { EntryGuards } from './use-cases/entry-guards.use-case';
import { InactivityTimer } from './use-cases/inactivity-timer.use-case';
import { LaterSteps } from './use-cases/later-steps.use-case';
import { Leave } from './use-cases/leave.use-case';
import { ModalActions } from './use-cases/modal-actions.use-case';
import { Navigation } from './use-cases/navigation.use-case';
import { SaveSelection } from './use-cases/save-selection.use-case';
import { StartConsentFlow } from './use-cases/start-consent-flow.use-case';
import { TokenExpiryTimer } from './use-cases/token-expiry-timer.use-case';

/**
 * Every store and use case the flow needs from its start, each a singleton of its container.
 * The later steps' stores are bound by LaterSteps.load() (or bindLaterSteps) when needed.
 */
export const APPLICATION_SERVICES = [
  SessionStore, ModalStore, LoginStore,
  StartConsentFlow, EntryGuards, AccountStep, SaveSelection, ConfirmConsent, Leave, Navigation,
  ModalActions, InactivityTimer, TokenExpiryTimer,
] as const;

/**
 * Binds the application layer into a channel's container; the channel binds the ports.
 * MobX is strict: state changes only inside actions (DESIGN §2).
 */
export function bindApplication(container: Container): void {
  configure({ enforceActions: 'always' });
  bindSingletons(container, APPLICATION_SERVICES);
  container.bind(LaterSteps).toConstantValue(new LaterSteps(container));
}

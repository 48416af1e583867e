import type { Container } from 'inversify';
import { configure } from 'mobx';
import { bindSingletons } from './bind-singletons';
import { FlowController } from './flow-controller';
import { LoginStore } from './stores/login.store';
import { ModalStore } from './stores/modal.store';
import { SessionStore } from './stores/session.store';
import { LaterSteps } from './use-cases/later-steps.use-case';

/**
 * What the flow needs from its start, each a singleton of its container: the flow model's
 * controller and the stores of the shell and the login step. The later steps' stores are bound
 * by LaterSteps.load() (or bindLaterSteps) when needed.
 */
export const APPLICATION_SERVICES = [FlowController, SessionStore, ModalStore, LoginStore] as const;

/**
 * Binds the application layer into a channel's container; the channel binds the ports and the
 * loaded configuration (RUNTIME_CONFIG, once). MobX is strict: state changes only inside actions
 * (DESIGN §2).
 */
export function bindApplication(container: Container): void {
  configure({ enforceActions: 'always' });
  bindSingletons(container, APPLICATION_SERVICES);
  container.bind(LaterSteps).toConstantValue(new LaterSteps(container));
}

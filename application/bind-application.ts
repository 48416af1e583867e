import type { Container } from 'inversify';
import { configure } from 'mobx';
import { bindSingletons } from './bind-singletons';
import { FlowController } from './flow-controller';
import { LoginStore } from './stores/login.store';
import { ModalStore } from './stores/modal.store';
import { SessionStore } from './stores/session.store';
import { LaterSteps } from './use-cases/later-steps.use-case';

/** What the flow needs from its start; the later steps' stores are bound when needed (LaterSteps.load, bindLaterSteps). */
const APPLICATION_SERVICES = [FlowController, SessionStore, ModalStore, LoginStore] as const;

/** Binds the application layer into a channel's container (the channel binds the ports); MobX strict (DESIGN §2). */
export function bindApplication(container: Container): void {
  configure({ enforceActions: 'always' });
  bindSingletons(container, APPLICATION_SERVICES);
  container.bind(LaterSteps).toConstantValue(new LaterSteps(container));
}

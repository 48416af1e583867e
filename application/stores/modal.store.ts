import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { modalButtonsBusy, openModalsOf, topModalOf } from '../../domain/flow-view';
import { MODAL_RULES, type ModalName, type ModalRule } from '../../domain/modal';
import type { ModalEntry } from '../../domain/modal-stack';
import { FlowController } from '../flow-controller';

/** The modal host's state (spec §3 "Modal state", DESIGN §3.10); the inactivity warning and the token-expiry redirect open over any other. */
@injectable()
export class ModalStore {
  constructor(@inject(FlowController) private readonly flow: FlowController) {
    makeAutoObservable<this, 'flow'>(this, { flow: false }, { autoBind: true, deep: false });
  }

  /** Bottom first. */
  get stack(): readonly ModalEntry[] {
    return openModalsOf(this.flow.state.phase);
  }

  /** The one the customer answers. */
  get current(): ModalEntry | undefined {
    return topModalOf(this.flow.state.phase);
  }

  get rule(): ModalRule | undefined {
    return this.current === undefined ? undefined : MODAL_RULES[this.current.name];
  }

  /** While a decision is asked of the bank, so the buttons cannot start another. */
  get busy(): boolean {
    return modalButtonsBusy(this.flow.state);
  }

  isOpen(name: ModalName): boolean {
    return this.current?.name === name;
  }

  /** Spec §4 "Button behaviours": the top modal's main button. */
  activate(): Promise<void> {
    return this.flow.dispatch({ type: 'modalPrimary' });
  }

  /** Closable modals only; closing the timeout warning extends the session (spec §4, WCAG 2.2.1). */
  dismiss(): Promise<void> {
    return this.flow.dispatch({ type: 'modalDismiss' });
  }
}

import { injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { MODAL_RULES, type ModalName, type ModalRule } from '../../domain/modal';

/** Spec §3 "Modal state": the open modal, with the values its text needs (keys: tppName, sec). */
export interface OpenModal {
  readonly name: ModalName;
  /** Seconds left, for the timeout warning's countdown. */
  readonly seconds?: number;
}

/** The modal host's state: at most one modal at a time; a newer one replaces the older. */
@injectable()
export class ModalStore {
  current: OpenModal | undefined = undefined;
  /** Set while the modal's button is working (rejecting on the server), so it cannot be pressed twice. */
  busy = false;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true, deep: false });
  }

  get rule(): ModalRule | undefined {
    return this.current === undefined ? undefined : MODAL_RULES[this.current.name];
  }

  isOpen(name: ModalName): boolean {
    return this.current?.name === name;
  }

  open(name: ModalName, seconds?: number): void {
    this.current = seconds === undefined ? { name } : { name, seconds };
    this.busy = false;
  }

  close(): void {
    this.current = undefined;
    this.busy = false;
  }

  setBusy(busy: boolean): void {
    this.busy = busy;
  }
}

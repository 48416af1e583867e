import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { selectProfile, type Profile } from '../../domain/profiles';
import { AccountStep } from '../use-cases/account-step.use-case';
import { ModalStore } from './modal.store';
import { SessionStore } from './session.store';

/** The select-profile step (spec §2 "Select profile", §4 "Profile"). */
@injectable()
export class ProfileStore {
  constructor(
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(ModalStore) private readonly modal: ModalStore,
    @inject(AccountStep) private readonly accountStep: AccountStep,
  ) {
    makeAutoObservable<this, 'session' | 'modal' | 'accountStep'>(
      this, { session: false, modal: false, accountStep: false }, { autoBind: true, deep: false },
    );
  }

  get profiles(): readonly Profile[] {
    return this.session.profiles;
  }

  get selectedId(): string | undefined {
    return this.session.selectedProfile?.id;
  }

  /** Spec §4: only one profile is used at a time; an unknown id changes nothing. */
  select(id: string): void {
    const selected = selectProfile(this.session.profiles, id);
    if (selected.ok) this.session.setProfiles(selected.value);
  }

  /** Spec §4: Continue on select-profile sets loading and goes to select-and-confirm. */
  async continue(): Promise<void> {
    if (this.session.loading || this.session.finished || this.selectedId === undefined) return;
    await this.accountStep.enter();
  }

  cancel(): void {
    this.modal.open('sharingIncomplete');
  }
}

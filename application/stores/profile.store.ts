import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { Profile } from '../../domain/profiles';
import { FlowController } from '../flow-controller';
import { SessionStore } from './session.store';

/** The select-profile step (spec §2 "Select profile", §4 "Profile"). */
@injectable()
export class ProfileStore {
  constructor(
    @inject(FlowController) private readonly flow: FlowController,
    @inject(SessionStore) private readonly session: SessionStore,
  ) {
    makeAutoObservable<this, 'flow' | 'session'>(this, { flow: false, session: false }, { autoBind: true, deep: false });
  }

  get profiles(): readonly Profile[] {
    return this.session.profiles;
  }

  get selectedId(): string | undefined {
    return this.session.selectedProfile?.id;
  }

  /** Spec §4: only one profile is used at a time. */
  select(id: string): void {
    void this.flow.dispatch({ type: 'chooseProfile', id });
  }

  /** Spec §4: Continue on select-profile goes to select-and-confirm. */
  continue(): Promise<void> {
    return this.flow.dispatch({ type: 'continue' });
  }

  cancel(): void {
    void this.flow.dispatch({ type: 'cancel' });
  }
}

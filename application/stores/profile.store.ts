import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { Profile } from '../../domain/profiles';
import { stepsCopy } from '../../domain/steps-copy';
import { FlowController } from '../flow-controller';
import { SessionStore } from './session.store';

/** The select-profile step (spec §2 "Select profile", §4 "Profile"). */
@injectable()
export class ProfileStore {
  /** Issue 33 item 8: each press of Continue with no profile chosen is a new request, for focus. */
  continueRefused = 0;

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

  /** Issue 33 item 8: after Continue with no profile chosen, what is missing; gone once one is chosen. */
  get continueMessage(): string | undefined {
    return this.continueRefused > 0 && this.selectedId === undefined ? stepsCopy.selectProfile.chooseOne : undefined;
  }

  /** Spec §4: Continue on select-profile goes to select-and-confirm; issue 33 item 8: with none chosen, it stays and says why. */
  continue(): Promise<void> {
    if (this.selectedId === undefined) this.continueRefused += 1;
    return this.flow.dispatch({ type: 'continue' });
  }

  cancel(): void {
    void this.flow.dispatch({ type: 'cancel' });
  }
}

import { inject, injectable } from 'inversify';
import { inactivityState, type InactivityConfig } from '../../domain/inactivity-timer';
import { ACTIVITY_SOURCE, type ActivitySource } from '../ports/activity-source.port';
import { CLOCK, type Clock } from '../ports/clock.port';
import { CUSTOMER_AUTH_API, type CustomerAuthApi } from '../ports/customer-auth-api.port';
import { SCHEDULER, type Cancel, type Scheduler } from '../ports/scheduler.port';
import { ModalStore } from '../stores/modal.store';
import { SessionStore } from '../stores/session.store';
import { Leave } from './leave.use-case';

/**
 * Spec §4 "Inactivity timer", DESIGN §3.5: any activity resets it; the warning opens with a
 * per-second countdown when `inactiveReciprocalWarnTime` seconds remain; at zero the consent is
 * rejected and the customer returned. Deadline-based: each wake-up recomputes the state from the
 * clock, and a page becoming visible again re-evaluates at once.
 *
 * While the warning is open, stray activity (a mouse move) does not dismiss it: the customer
 * extends with the modal's button or closes it (WCAG 2.2.1), which also resets the timer and
 * keeps the bank's session alive. Closing the modal stops the countdown.
 */
@injectable()
export class InactivityTimer {
  private lastActivityMs = 0;
  private cancelWake: Cancel | undefined = undefined;
  private unsubscribe: Cancel[] = [];

  constructor(
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(ModalStore) private readonly modal: ModalStore,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(SCHEDULER) private readonly scheduler: Scheduler,
    @inject(ACTIVITY_SOURCE) private readonly activity: ActivitySource,
    @inject(CUSTOMER_AUTH_API) private readonly api: CustomerAuthApi,
    @inject(Leave) private readonly leave: Leave,
  ) {}

  private get config(): InactivityConfig | undefined {
    return this.session.config;
  }

  start(): void {
    this.stop();
    this.lastActivityMs = this.clock.now();
    this.unsubscribe = [
      this.activity.onActivity(() => this.onActivity()),
      this.activity.onVisible(() => this.evaluate()),
    ];
    this.evaluate();
  }

  stop(): void {
    this.cancelWake?.();
    this.cancelWake = undefined;
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.unsubscribe = [];
  }

  /** Spec §4: extending resets the timer to level 2 (WCAG 2.2.1) and keeps the bank's session alive. */
  extend(): void {
    if (this.session.finished) return;
    this.lastActivityMs = this.clock.now();
    if (this.modal.isOpen('timeoutWarning')) this.modal.close();
    void this.api.keepAlive();
    this.evaluate();
  }

  private onActivity(): void {
    if (this.session.finished || this.modal.isOpen('timeoutWarning')) return;
    this.lastActivityMs = this.clock.now();
    this.evaluate();
  }

  /** Recomputes the level from the clock and sleeps until the next change. */
  evaluate(): void {
    const config = this.config;
    this.cancelWake?.();
    this.cancelWake = undefined;
    if (config === undefined || this.session.finished) return;
    const now = this.clock.now();
    const state = inactivityState(config, this.lastActivityMs, now);
    switch (state.level) {
      case 2:
        break;
      case 1:
        if (this.modal.current === undefined || this.modal.isOpen('timeoutWarning')) this.modal.open('timeoutWarning', state.remainingSeconds);
        break;
      case 0:
        this.stop();
        void this.leave.rejectAndReturn('rejected');
        return;
    }
    if (state.nextDeadlineMs !== undefined) this.cancelWake = this.scheduler.after(state.nextDeadlineMs - now, () => this.evaluate());
  }
}

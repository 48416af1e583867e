import { inject, injectable } from 'inversify';
import { FALLBACK_REDIRECT_MS, planTokenExpiryTimer, tokenExpiryLevel, tokenExpiryNextDeadlineMs } from '../../domain/token-expiry-timer';
import { ACTIVITY_SOURCE, type ActivitySource } from '../ports/activity-source.port';
import { CLOCK, type Clock } from '../ports/clock.port';
import { SCHEDULER, type Cancel, type Scheduler } from '../ports/scheduler.port';
import { ModalStore } from '../stores/modal.store';
import { SessionStore } from '../stores/session.store';
import { Leave } from './leave.use-case';

/**
 * Spec §4 "Token expiry timer", §9: 10 seconds before the token expires the redirect modal
 * opens; at expiry the customer is returned to the third party (the token can no longer call the
 * bank, so without the server). Not started when already past. When it cannot be set, the modal
 * opens and the page returns after 10000 ms. Deadline-based (DESIGN §3.5).
 */
@injectable()
export class TokenExpiryTimer {
  private cancelWake: Cancel | undefined = undefined;
  private unsubscribe: Cancel | undefined = undefined;

  constructor(
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(ModalStore) private readonly modal: ModalStore,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(SCHEDULER) private readonly scheduler: Scheduler,
    @inject(ACTIVITY_SOURCE) private readonly activity: ActivitySource,
    @inject(Leave) private readonly leave: Leave,
  ) {}

  start(): void {
    this.stop();
    const plan = planTokenExpiryTimer(this.session.token?.exp, this.clock.now());
    switch (plan.kind) {
      case 'alreadyExpired':
        return;
      case 'cannotSet':
        this.modal.open('redirectionToTpp');
        this.cancelWake = this.scheduler.after(FALLBACK_REDIRECT_MS, () => this.leave.returnWithoutServer());
        return;
      case 'start':
        this.unsubscribe = this.activity.onVisible(() => this.evaluate());
        this.evaluate();
        return;
    }
  }

  stop(): void {
    this.cancelWake?.();
    this.unsubscribe?.();
    this.cancelWake = undefined;
    this.unsubscribe = undefined;
  }

  private evaluate(): void {
    const exp = this.session.token?.exp;
    this.cancelWake?.();
    this.cancelWake = undefined;
    if (exp === undefined || this.session.finished) return;
    const now = this.clock.now();
    switch (tokenExpiryLevel(exp, now)) {
      case 'none':
        break;
      case 'warning':
        if (!this.modal.isOpen('redirectionToTpp')) this.modal.open('redirectionToTpp');
        break;
      case 'final':
        this.stop();
        this.leave.returnWithoutServer();
        return;
    }
    const next = tokenExpiryNextDeadlineMs(exp, now);
    if (next !== undefined) this.cancelWake = this.scheduler.after(next - now, () => this.evaluate());
  }
}

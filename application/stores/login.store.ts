import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { dateOfBirthError, parsePastedDate, type CalendarDate, type DateOfBirthParts } from '../../domain/date-of-birth';
import { loginErrorOutcome, TEMPORARY_LOCKOUT_MS } from '../../domain/login-error-policy';
import { authenticateRequest, canContinue, EMPTY_LOGIN_FORM, secureCodeError, usernameError, type LoginForm } from '../../domain/login-form';
import type { ModalName } from '../../domain/modal';
import { CLOCK, type Clock } from '../ports/clock.port';
import { CUSTOMER_AUTH_API, type CustomerAuthApi } from '../ports/customer-auth-api.port';
import { EntryGuards } from '../use-cases/entry-guards.use-case';
import { ModalStore } from './modal.store';
import { SessionStore } from './session.store';

type LoginField = 'username' | 'secureCode' | 'dob';

/** The help modals the login screen's links open (spec §2). */
export type LoginHelpModal = Extract<ModalName, 'forgotUsername' | 'notRegistered' | 'lostSecureKey'>;

const calendarDate = (ms: number): CalendarDate => {
  const date = new Date(ms);
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
};

/**
 * The login step (spec §2 "Login screen", §5, §8): the form, its validation messages (shown once
 * a field has been left or Continue pressed), Continue's state, the date-of-birth step-up, the
 * failure counter and the temporary lockout.
 */
@injectable()
export class LoginStore {
  form: LoginForm = EMPTY_LOGIN_FORM;
  touched: ReadonlySet<LoginField> = new Set();
  requireDob = false;
  loginError = false;
  failures = 0;
  lockedUntilMs: number | undefined = undefined;

  constructor(
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(ModalStore) private readonly modal: ModalStore,
    @inject(CUSTOMER_AUTH_API) private readonly api: CustomerAuthApi,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(EntryGuards) private readonly guards: EntryGuards,
  ) {
    makeAutoObservable<this, 'session' | 'modal' | 'api' | 'clock' | 'guards'>(
      this,
      { session: false, modal: false, api: false, clock: false, guards: false },
      { autoBind: true, deep: false },
    );
  }

  private get today(): CalendarDate {
    return calendarDate(this.clock.now());
  }

  /** Spec §5: the username message, with its wording after a flagged login error. */
  get usernameError(): string | undefined {
    return this.touched.has('username') ? usernameError(this.form.username, this.loginError) : undefined;
  }

  get secureCodeError(): string | undefined {
    return this.touched.has('secureCode') ? secureCodeError(this.form.secureCode) : undefined;
  }

  get dobError(): string | undefined {
    return this.requireDob && this.touched.has('dob') ? dateOfBirthError(this.form.dob, this.today) : undefined;
  }

  /** Spec §5: Continue is disabled until every field is valid. */
  get canContinue(): boolean {
    return !this.session.loading && !this.session.finished && canContinue(this.form, { requireDob: this.requireDob, today: this.today });
  }

  setUsername(username: string): void {
    this.form = { ...this.form, username };
  }

  setSecureCode(secureCode: string): void {
    this.form = { ...this.form, secureCode };
  }

  setDobPart(part: keyof DateOfBirthParts, value: string): void {
    this.form = { ...this.form, dob: { ...this.form.dob, [part]: value } };
  }

  /** Spec §2: a whole date pasted into a date-of-birth box fills the three parts. Returns whether it was a date. */
  pasteDob(text: string): boolean {
    const parts = parsePastedDate(text);
    if (parts === undefined) return false;
    this.form = { ...this.form, dob: parts };
    this.touch('dob');
    return true;
  }

  /** A field was left: its message may show from now on. */
  touch(field: LoginField): void {
    if (!this.touched.has(field)) this.touched = new Set([...this.touched, field]);
  }

  openHelp(modal: LoginHelpModal): void {
    this.modal.open(modal);
  }

  /** Spec §2: Cancel opens the sharing-incomplete modal. */
  cancel(): void {
    this.modal.open('sharingIncomplete');
  }

  /**
   * Spec §4: Continue clears the login error, sets loading and authenticates; a failure follows
   * the policy of spec §8; success runs the entry guards.
   */
  async submit(): Promise<void> {
    this.touched = new Set<LoginField>(['username', 'secureCode', 'dob']);
    if (!this.canContinue) return;
    if (this.lockedUntilMs !== undefined && this.clock.now() < this.lockedUntilMs) {
      this.modal.open('temporaryLockout');
      return;
    }
    this.loginError = false;
    this.session.setLoading(true);
    const result = await this.api.authenticate(authenticateRequest(this.form, this.requireDob));
    if (result.ok) {
      this.onAuthenticated();
      await this.guards.afterAuthentication();
      return;
    }
    this.onFailure(result.error);
  }

  private onAuthenticated(): void {
    this.failures = 0;
    this.lockedUntilMs = undefined;
  }

  private onFailure(error: Parameters<typeof loginErrorOutcome>[0]): void {
    const outcome = loginErrorOutcome(error, { failures: this.failures, requireDob: this.requireDob });
    this.failures = outcome.failures;
    this.requireDob = outcome.requireDob;
    this.loginError = outcome.loginErrorFlagged;
    if (outcome.temporaryLockout) this.lockedUntilMs = this.clock.now() + TEMPORARY_LOCKOUT_MS;
    // A wrong code is typed again: the field is cleared, as a bank's login does.
    this.form = { ...this.form, secureCode: '' };
    this.touched = new Set([...this.touched].filter((field) => field !== 'secureCode'));
    this.session.setLoading(false);
    if (outcome.modal !== undefined) this.modal.open(outcome.modal);
  }
}

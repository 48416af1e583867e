import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { calendarDateOf, dateOfBirthError, parsePastedDate, type CalendarDate, type DateOfBirthParts } from '../../domain/date-of-birth';
import type { LoginHelpModal } from '../../domain/flow-events';
import { canContinue, secureCodeError, usernameError, type LoginForm } from '../../domain/login-form';
import { dateOfBirthStepUpNotice, loginFocus, secureCodeFieldMessage, type LoginFocus } from '../../domain/login-feedback';
import { topModal } from '../../domain/modal-stack';
import { FlowController } from '../flow-controller';
import { CLOCK, type Clock } from '../ports/clock.port';
import { SessionStore } from './session.store';

type LoginField = 'username' | 'secureCode' | 'dob';

export type { LoginHelpModal };

/**
 * The login step (spec §2 "Login screen", §5, §8): the form (held by the flow model), its
 * validation messages (shown once a field has been left or Continue pressed), Continue's state
 * and the date-of-birth step-up.
 */
@injectable()
export class LoginStore {
  touched: ReadonlySet<LoginField> = new Set();

  constructor(
    @inject(FlowController) private readonly flow: FlowController,
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(CLOCK) private readonly clock: Clock,
  ) {
    makeAutoObservable<this, 'flow' | 'session' | 'clock'>(
      this, { flow: false, session: false, clock: false }, { autoBind: true, deep: false },
    );
  }

  private get today(): CalendarDate {
    return calendarDateOf(this.clock.now());
  }

  get form(): LoginForm {
    return this.flow.state.login.form;
  }

  /** Spec §8: the date of birth is asked for. */
  get requireDob(): boolean {
    return this.flow.state.login.requireDob;
  }

  /** Spec §2: the error banner. */
  get loginError(): boolean {
    return this.flow.state.login.loginError;
  }

  /** DESIGN §3.15: the connection dropped before the bank answered the last login. */
  get answerLost(): boolean {
    return this.flow.state.login.answerLost;
  }

  /** Spec §8: otp_failure_001 answers so far. */
  get failures(): number {
    return this.flow.state.login.failures;
  }

  /** Spec §5: the username message, with its wording after a flagged login error. */
  get usernameError(): string | undefined {
    return this.touched.has('username') ? usernameError(this.form.username, this.loginError) : undefined;
  }

  /** Spec §5, §8: why the field was emptied after a failed login (with the attempts left), else its validation message. */
  get secureCodeError(): string | undefined {
    return secureCodeFieldMessage(this.flow.state.login, this.touched.has('secureCode') ? secureCodeError(this.form.secureCode) : undefined);
  }

  /** Spec §2 "Additional security": the neutral notice when the bank first asks for the date of birth. */
  get dobStepUpNotice(): string | undefined {
    return dateOfBirthStepUpNotice(this.flow.state.login);
  }

  /** DESIGN §3.7: where focus goes after a failed login (login-feedback.ts). */
  get focus(): LoginFocus | undefined {
    return loginFocus(this.flow.state.login, topModal(this.flow.state.modals) !== undefined);
  }

  get dobError(): string | undefined {
    return this.requireDob && this.touched.has('dob') ? dateOfBirthError(this.form.dob, this.today) : undefined;
  }

  /**
   * The login step is shown: its buttons act. Before that (issue 15: the pre-rendered form while
   * the token is verified) the customer may type, but Continue, Cancel and the help links wait.
   */
  get actionable(): boolean {
    return !this.session.awaitingLogin;
  }

  /** Spec §5: Continue is disabled until every field is valid, and until the login step is shown (issue 15). */
  get canContinue(): boolean {
    return this.actionable && !this.session.loading && !this.session.finished && canContinue(this.form, { requireDob: this.requireDob, today: this.today });
  }

  setUsername(username: string): void {
    void this.flow.dispatch({ type: 'usernameTyped', value: username });
  }

  setSecureCode(secureCode: string): void {
    void this.flow.dispatch({ type: 'secureCodeTyped', value: secureCode });
  }

  setDobPart(part: keyof DateOfBirthParts, value: string): void {
    void this.flow.dispatch({ type: 'dateOfBirthTyped', parts: { [part]: value } });
  }

  /** Spec §2: a whole date pasted into a date-of-birth box fills the three parts. Returns whether it was a date. */
  pasteDob(text: string): boolean {
    const parts = parsePastedDate(text);
    if (parts === undefined) return false;
    void this.flow.dispatch({ type: 'dateOfBirthTyped', parts });
    this.touch('dob');
    return true;
  }

  /** A field was left: its message may show from now on. */
  touch(field: LoginField): void {
    if (!this.touched.has(field)) this.touched = new Set([...this.touched, field]);
  }

  openHelp(modal: LoginHelpModal): void {
    void this.flow.dispatch({ type: 'openHelp', modal });
  }

  /** Spec §2: Cancel opens the sharing-incomplete modal. */
  cancel(): void {
    void this.flow.dispatch({ type: 'cancel' });
  }

  /**
   * Spec §4: Continue authenticates (the model decides what follows). A wrong code is cleared by
   * the model; its field shows no message until it is left again.
   */
  async submit(): Promise<void> {
    this.touched = new Set<LoginField>(['username', 'secureCode', 'dob']);
    await this.flow.dispatch({ type: 'submitLogin' });
    if (this.form.secureCode === '') this.forget('secureCode');
  }

  private forget(field: LoginField): void {
    this.touched = new Set([...this.touched].filter((touched) => touched !== field));
  }
}

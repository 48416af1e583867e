import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import {
  calendarDateOf,
  dateOfBirthProblem,
  parsePastedDate,
  type CalendarDate,
  type DateOfBirthPart,
  type DateOfBirthParts,
  type DateOfBirthProblem,
} from '../../domain/date-of-birth';
import type { LoginHelpModal } from '../../domain/flow-events';
import { canContinue, secureCodeEntry, secureCodeError, usernameError, type LoginForm } from '../../domain/login-form';
import { copy } from '../../domain/copy';
import type { LoginLinks } from '../../domain/cx-settings';
import {
  dateOfBirthStepUpNotice,
  fieldAfterModal,
  firstFieldToFill,
  loginFocus,
  messageReadWithFocus,
  secureCodeFieldInvalid,
  secureCodeFieldMessage,
  secureCodeHelp,
  type LoginFocus,
  type LoginFormField,
} from '../../domain/login-feedback';
import type { ModalName } from '../../domain/modal';
import { topModalOf } from '../../domain/flow-view';
import { FlowController } from '../flow-controller';
import { CLOCK, type Clock } from '../ports/clock.port';
import { SessionStore } from './session.store';

export type LoginField = 'username' | 'secureCode' | 'dob';

export type { LoginHelpModal };

/** A request to move focus to a field (each press a new `request`, so the same field is focused again). */
export interface FieldFocus {
  readonly field: LoginField;
  readonly request: number;
}

/** The login step (spec §2 "Login screen", §5, §8): a field's message shows once it is left or Continue pressed. */
@injectable()
export class LoginStore {
  touched: ReadonlySet<LoginField> = new Set();
  /** After Continue on an incomplete form, focus goes to the first field whose message says what is missing. */
  fieldFocus: FieldFocus | undefined = undefined;
  /** Issue 23 item A: the last text typed or pasted held a letter, and was refused. */
  secureCodeRefused = false;
  /** Issue 25: typed in or left since the last Continue (`messageAnnounced`). */
  private typedSinceContinue: ReadonlySet<LoginField> = new Set();
  /** Issue 33 item 3: Continue was pressed while the date of birth was asked for (an incomplete date is named from then on). */
  private dobContinued = false;

  constructor(
    @inject(FlowController) private readonly flow: FlowController,
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(CLOCK) private readonly clock: Clock,
  ) {
    makeAutoObservable<this, 'flow' | 'session' | 'clock'>(this, { flow: false, session: false, clock: false }, { autoBind: true, deep: false });
  }

  private get today(): CalendarDate {
    return calendarDateOf(this.clock.now());
  }

  get form(): LoginForm {
    return this.flow.state.journey.login.form;
  }

  /** Spec §8. */
  get requireDob(): boolean {
    return this.flow.state.journey.login.requireDob;
  }

  /** Spec §2: the error banner. */
  get loginError(): boolean {
    return this.flow.state.journey.login.loginError;
  }

  /** DESIGN §3.15: the connection dropped before the bank answered the last login. */
  get answerLost(): boolean {
    return this.flow.state.journey.login.answerLost;
  }

  /** Spec §8: otp_failure_001 answers so far. */
  get failures(): number {
    return this.flow.state.journey.login.failures;
  }

  /** Spec §5: the username message, with its wording after a flagged login error. */
  get usernameError(): string | undefined {
    return this.touched.has('username') ? usernameError(this.form.username, this.loginError) : undefined;
  }

  /** Spec §5, §8: why the field was emptied after a failed login (with the attempts left), else its validation message. */
  get secureCodeError(): string | undefined {
    if (this.secureCodeRefused) return copy.validation.secureCodeDigitsOnly;
    return secureCodeFieldMessage(this.flow.state.journey.login, this.secureCodeValidation);
  }

  /** Issue 25: read "invalid" only when its message is an error. */
  get secureCodeInvalid(): boolean {
    return this.secureCodeRefused || secureCodeFieldInvalid(this.flow.state.journey.login, this.secureCodeValidation);
  }

  private get secureCodeValidation(): string | undefined {
    return this.touched.has('secureCode') ? secureCodeError(this.form.secureCode) : undefined;
  }

  /** Issue 25 "nothing is announced twice": not at the field focus is sent to, which is read with its message. */
  messageAnnounced(field: 'username' | 'secureCode'): boolean {
    return this.fieldReadWithFocus !== field;
  }

  /** The field whose message is read with the focus, until it is typed in or left (a message that appears then is announced). */
  private get fieldReadWithFocus(): LoginFormField | undefined {
    const byContinue = this.fieldFocus?.field;
    const field = messageReadWithFocus(this.flow.state.journey.login, byContinue === 'dob' ? undefined : byContinue, this.topModal !== undefined);
    return field === undefined || this.typedSinceContinue.has(field === 'dateOfBirth' ? 'dob' : field) ? undefined : field;
  }

  /** Spec §2 "Additional security": the neutral notice when the bank first asks for the date of birth, with the code's lifetime (issue 22). */
  get dobStepUpNotice(): string | undefined {
    return dateOfBirthStepUpNotice(this.flow.state.journey.login, this.session.loginSettings.otpExpirySeconds);
  }

  /** Spec §2, issue 22: as the CX standards and the bank's switches decide. */
  get links(): LoginLinks {
    return this.session.loginLinks;
  }

  /** Spec §2, issue 22 (CX standards "OTP expiry"): with how long a code lasts. */
  get secureCodeHelp(): string {
    return secureCodeHelp(this.session.loginSettings.otpExpirySeconds);
  }

  /** Spec §2 password note, issue 22 (CX standards "Passwords"): third parties never need the password. */
  get passwordNote(): string {
    return copy.login.passwordNote;
  }

  /** DESIGN §3.7: after a failed login. */
  get focus(): LoginFocus | undefined {
    return loginFocus(this.flow.state.journey.login, topModalOf(this.flow.state.phase) !== undefined);
  }

  /** Issue 23 item C: focus at the step-up; the view reads it once, when the step-up is shown. */
  get stepUpField(): LoginFormField {
    return firstFieldToFill(this.form);
  }

  /** Issue 23 item C: focus after it closes goes to {@link fieldAfter}. */
  get topModal(): ModalName | undefined {
    return topModalOf(this.flow.state.phase)?.name;
  }

  /** Issue 23 item C. */
  fieldAfter(modal: ModalName): LoginFormField | undefined {
    return fieldAfterModal(modal);
  }

  /** Spec §5, issue 33 item 3: what the date-of-birth block says and the boxes it marks, once it is left or Continue pressed. */
  private get dobProblem(): DateOfBirthProblem | undefined {
    if (!this.requireDob || !this.touched.has('dob')) return undefined;
    return dateOfBirthProblem(this.form.dob, this.today, { continued: this.dobContinued });
  }

  get dobError(): string | undefined {
    return this.dobProblem?.message;
  }

  /** Issue 33 item 3: a box of the date of birth the message is about (GOV.UK date input: only the missing parts of a half-filled date). */
  dobPartInvalid(part: DateOfBirthPart): boolean {
    return this.dobProblem?.parts.includes(part) ?? false;
  }

  /** Issue 33 item 3: the box Continue sends the focus to: the first at fault. */
  get dobFocusPart(): DateOfBirthPart {
    return this.dobProblem?.parts[0] ?? 'day';
  }

  /** Issue 20: a press on the pre-rendered form is acknowledged ("Just a moment…") until the login step carries it out. */
  get acknowledged(): boolean {
    return this.session.awaitingLogin && this.flow.state.journey.login.early !== undefined;
  }

  /** Spec §5: the terminal's Continue acts only then. */
  get canContinue(): boolean {
    return !this.session.awaitingLogin && !this.session.loading && !this.session.finished && this.formIsComplete;
  }

  private get formIsComplete(): boolean {
    return canContinue(this.form, { requireDob: this.requireDob, today: this.today });
  }

  private get firstInvalidField(): LoginField | undefined {
    if (this.usernameError !== undefined) return 'username';
    if (secureCodeError(this.form.secureCode) !== undefined) return 'secureCode';
    return this.dobError === undefined ? undefined : 'dob';
  }

  setUsername(username: string): void {
    this.typedIn('username');
    void this.flow.dispatch({ type: 'usernameTyped', value: username });
  }

  /** Issue 23 item A: spaces and dashes are dropped, a letter refused. */
  setSecureCode(secureCode: string): void {
    this.typedIn('secureCode');
    this.secureCodeRefused = secureCodeEntry(secureCode, this.form.secureCode).refused;
    void this.flow.dispatch({ type: 'secureCodeTyped', value: secureCode });
  }

  setDobPart(part: keyof DateOfBirthParts, value: string): void {
    void this.flow.dispatch({ type: 'dateOfBirthTyped', parts: { [part]: value } });
  }

  /** Spec §2: a whole date pasted into a date-of-birth box fills the three parts. */
  pasteDob(text: string): boolean {
    const parts = parsePastedDate(text);
    if (parts === undefined) return false;
    void this.flow.dispatch({ type: 'dateOfBirthTyped', parts });
    this.touch('dob');
    return true;
  }

  /** A field was left: its message may show. */
  touch(field: LoginField): void {
    this.typedIn(field);
    if (!this.touched.has(field)) this.touched = new Set([...this.touched, field]);
  }

  /** Issue 25: a message that appears there now is announced. */
  private typedIn(field: LoginField): void {
    if (!this.typedSinceContinue.has(field)) this.typedSinceContinue = new Set([...this.typedSinceContinue, field]);
  }

  openHelp(modal: LoginHelpModal): void {
    void this.flow.dispatch({ type: 'openHelp', modal });
  }

  /** Spec §2: Cancel opens the sharing-incomplete modal. */
  cancel(): void {
    void this.flow.dispatch({ type: 'cancel' });
  }

  /**
   * Spec §4: Continue authenticates. Issue 20 departs from spec §5 "Continue is disabled until …
   * valid": never a silent grey dead end; on an incomplete form every message shows.
   */
  async submit(): Promise<void> {
    // Issue 25: the date of birth is marked left only once it is asked for; marked before, its
    // message showed (and was announced) while the year of a right date was still being typed.
    this.touched = new Set<LoginField>(this.requireDob ? ['username', 'secureCode', 'dob'] : ['username', 'secureCode']);
    if (this.requireDob) this.dobContinued = true;
    const invalid = this.firstInvalidField;
    this.fieldFocus = invalid === undefined ? undefined : { field: invalid, request: (this.fieldFocus?.request ?? 0) + 1 };
    this.typedSinceContinue = new Set();
    const typedCode = this.form.secureCode;
    await this.flow.dispatch({ type: 'submitLogin' });
    // The model emptied the code after an answered login: it is typed again before its message shows.
    if (typedCode !== '' && this.form.secureCode === '') this.forget('secureCode');
  }

  private forget(field: LoginField): void {
    this.touched = new Set([...this.touched].filter((touched) => touched !== field));
  }
}

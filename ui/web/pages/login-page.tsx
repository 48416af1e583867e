import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { LoginStore } from '../../../application/stores/login.store';
import { SessionStore } from '../../../application/stores/session.store';
import { copy } from '../../../domain/copy';
import type { LoginFormField } from '../../../domain/login-feedback';
import { Tooltip } from '../components/tooltip';
import { DateOfBirthFieldset } from '../login/date-of-birth-fieldset';
import { LoginField } from '../login/login-field';
import { useService } from '../services-context';
import { ExternalLink } from '../shell/external-link';

/** Spec §2: the error banner while a login error is flagged; it takes focus when it appears (unless the date of birth is newly asked for: LoginStore.focus), so the customer hears it and starts from it. */
const LoginErrorBanner = observer(function LoginErrorBanner() {
  const login = useService(LoginStore);
  const banner = useRef<HTMLDivElement>(null);
  // When the banner appears only (not when a modal over it closes: the modal returns focus itself).
  useEffect(() => {
    if (login.focus === 'errorBanner') banner.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [login.loginError]);
  if (!login.loginError) return undefined;
  return (
    <div ref={banner} role="alert" tabIndex={-1} className="notice notice-error login-error">
      {copy.login.errorBanner}
    </div>
  );
});

/** Issue 23 item C: focus a field of the login form and bring it to the middle of the screen (a phone's keyboard takes the lower half). */
function focusField(form: HTMLFormElement | null, field: LoginFormField): HTMLInputElement | undefined {
  const input = field === 'dateOfBirth' ? form?.querySelector('input[data-dob-part]') : form?.elements.namedItem(field);
  if (!(input instanceof HTMLInputElement)) return undefined;
  input.focus({ preventScroll: true });
  input.scrollIntoView?.({ block: 'center' });
  return input;
}

/**
 * Issue 33 item 3: at the step-up the date of birth the bank asked for comes into view too, not
 * only the code field (a 320 × 568 phone), as far as the field focused first stays in view.
 */
function showDateOfBirth(form: HTMLFormElement | null, focused: HTMLInputElement | undefined): void {
  form?.querySelector('fieldset.dob')?.scrollIntoView?.({ block: 'nearest' });
  focused?.scrollIntoView?.({ block: 'nearest' });
}

/**
 * Spec §2 "Login screen", §5: username (help, tooltip, Forgot your username? and Not registered?),
 * secure code (6 digits, how long a code lasts; Lost, damaged or stolen secure key? and How to
 * generate a secure key?), the date of birth when required, the password note, the CDR policy
 * link (issue 22: the links the CX standards allow unless the bank's switches bring the spec's
 * back, LoginStore.links), Continue (a submit:
 * Enter submits; on an incomplete form it names what is missing, LoginStore.submit) and Cancel
 * (the sharing-incomplete modal). The form is `data-ready` once a press acts at once (before, a
 * press is acknowledged and carried out when the login step shows, issue 20). A field's
 * message shows once it has been left (LoginStore.touch).
 */
export const LoginPage = observer(function LoginPage() {
  const login = useService(LoginStore);
  const links = useService(SessionStore).links;
  const shown = login.links;
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const session = useService(SessionStore);
  const fieldFocus = login.fieldFocus;
  // Continue on an incomplete form: focus goes to the first field whose message says what is missing.
  useEffect(() => {
    if (fieldFocus === undefined || fieldFocus.field === 'dob') return;
    const field = form.current?.elements.namedItem(fieldFocus.field);
    if (field instanceof HTMLInputElement) field.focus();
  }, [fieldFocus]);
  // Issue 23 item C: at the date-of-birth step-up, the first field to fill (read once, as the
  // step-up shows) is focused and scrolled into view; after "One attempt left" → Try again, the
  // secure code field (the modal's own focus return, to Continue, runs first as it closes).
  const focus = login.focus;
  useEffect(() => {
    if (focus === 'dateOfBirth') showDateOfBirth(form.current, focusField(form.current, login.stepUpField));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus]);
  const topModal = login.topModal;
  const previousModal = useRef(topModal);
  useEffect(() => {
    const closed = previousModal.current;
    previousModal.current = topModal;
    if (closed === undefined || topModal !== undefined) return;
    const field = login.fieldAfter(closed);
    if (field !== undefined) focusField(form.current, field);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [topModal]);
  const stepUpNoticeId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void login.submit();
  };

  return (
    <form
      ref={form}
      className="login-form step-body"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      data-ready={session.awaitingLogin ? undefined : ''}
    >
      <h2 id={headingId} className="login-heading">
        {copy.login.heading}
      </h2>
      <LoginErrorBanner />
      {login.answerLost ? (
        <p role="status" className="notice notice-warning">
          {copy.login.answerLost}
        </p>
      ) : undefined}
      <LoginField
        className="login-username"
        label={copy.login.usernameLabel}
        tooltip={<Tooltip>{copy.login.usernameTooltip}</Tooltip>}
        help={copy.login.usernameHelp}
        error={login.usernameError}
        announced={login.messageAnnounced('username')}
        onBlur={() => login.touch('username')}
        inputProps={{
          type: 'text',
          name: 'username',
          autoComplete: 'username',
          autoCapitalize: 'none',
          spellCheck: false,
          required: true,
          value: login.form.username,
          onChange: (event) => login.setUsername(event.target.value),
        }}
        links={
          shown.forgotUsername || shown.notRegistered ? (
            <>
              {shown.forgotUsername ? (
                <button type="button" className="btn-link" data-early-action="forgotUsername" onClick={() => login.openHelp('forgotUsername')}>
                  {copy.login.forgotUsername}
                </button>
              ) : undefined}
              {shown.notRegistered ? (
                <button type="button" className="btn-link" data-early-action="notRegistered" onClick={() => login.openHelp('notRegistered')}>
                  {copy.login.notRegistered}
                </button>
              ) : undefined}
            </>
          ) : undefined
        }
      />
      <LoginField
        className="login-secure-code"
        label={copy.login.secureCodeLabel}
        help={login.secureCodeHelp}
        error={login.secureCodeError}
        invalid={login.secureCodeInvalid}
        announced={login.messageAnnounced('secureCode')}
        describedBy={login.dobStepUpNotice === undefined ? undefined : stepUpNoticeId}
        onBlur={() => login.touch('secureCode')}
        inputProps={{
          type: 'text',
          name: 'secureCode',
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          // Issue 23 item A: no maxLength: "123 456" (7 characters) is typed or pasted whole; the model keeps the 6 digits.
          required: true,
          value: login.form.secureCode,
          onChange: (event) => login.setSecureCode(event.target.value),
        }}
        links={
          <>
            <button type="button" className="btn-link" data-early-action="lostSecureKey" onClick={() => login.openHelp('lostSecureKey')}>
              {copy.login.lostSecureKey}
            </button>
            {shown.howToGenerate ? <ExternalLink href={links?.secureKeyHelp}>{copy.login.howToGenerate}</ExternalLink> : undefined}
          </>
        }
      />
      {login.requireDob ? <DateOfBirthFieldset noticeId={stepUpNoticeId} /> : undefined}
      <p className="notice notice-info password-note">{login.passwordNote}</p>
      {shown.cdrPolicy ? (
        <p className="cdr-policy">
          <ExternalLink href={links?.cdrPolicy}>{copy.login.cdrPolicy}</ExternalLink>
        </p>
      ) : undefined}
      {/* Issue 20: a press before the login step is shown is acknowledged here; the entry page's own
          script writes the same words into it for a press before the app has started, so React
          may find them on taking the page over (ui/web/main.tsx keeps the two in step). */}
      <p className="login-ack" role="status" suppressHydrationWarning>
        {login.acknowledged ? copy.login.earlyAck : ''}
      </p>
      <div className="button-row">
        <button type="submit" className="btn btn-primary">
          {copy.login.continue}
        </button>
        <button type="button" className="btn btn-link" data-early-action="cancel" onClick={login.cancel}>
          {copy.login.cancel}
        </button>
      </div>
    </form>
  );
});

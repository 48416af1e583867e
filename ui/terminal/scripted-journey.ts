import type { Container } from 'inversify';
import { FlowController } from '../../application/flow-controller';
import { when } from 'mobx';
import { AccountSelectionStore } from '../../application/stores/account-selection.store';
import { ConfirmationStore } from '../../application/stores/confirmation.store';
import { LoginStore } from '../../application/stores/login.store';
import { ModalStore } from '../../application/stores/modal.store';
import { ProfileStore } from '../../application/stores/profile.store';
import { SessionStore } from '../../application/stores/session.store';
import { accountDisplayName, formatAccountNumber, type Account } from '../../domain/accounts';
import { copy, modalText } from '../../domain/copy';
import type { JourneyAnswers, ScriptStop } from '../../adapters/terminal/composition-root';
import { stepsCopy } from '../../domain/steps-copy';

/** The scripted journey cannot go on, for this reason. */
const cannot = (reason: string): ScriptStop => ({ kind: 'script', reason });

/**
 * The CI mode (docs/terminal.md): answers each step through the same stores the views use, as a
 * customer would, and reports every step and modal. Resolves with the reason when the journey
 * cannot go on, or with what the app said when it refused an answer (issue 33 item 15); the
 * return address, when there is one, ends the run instead.
 */
export async function runScriptedJourney(container: Container, answers: JourneyAnswers, report: (line: string) => void): Promise<ScriptStop> {
  const session = container.get(SessionStore);
  const modal = container.get(ModalStore);
  const flow = container.get(FlowController);
  const seen = new Map<string, number>();
  for (let turn = 0; turn < 30; turn += 1) {
    await when(() => !session.loading && !modal.busy);
    // The journey has left (its exit ends the run): the script has nothing more to answer.
    if (flow.state.phase.kind === 'ended') return cannot('the journey has left');
    const current = modal.current;
    const where = current !== undefined ? `modal:${current.name}` : session.screen.kind === 'flow' ? `step:${session.step}` : `screen:${session.screen.kind}`;
    const times = (seen.get(where) ?? 0) + 1;
    seen.set(where, times);
    // A step may be answered twice (the date-of-birth step-up asks again), never three times.
    if (times > 2) return cannot(`the journey did not move on from ${where} (${session.title})`);
    if (session.screen.kind === 'failure') {
      report(`failure: ${copy.failure.title}`);
      return cannot(`the failure page (${session.screen.route}) showed`);
    }
    if (current !== undefined) {
      const title = modalText(copy.modals[current.name].title, session.modalContext);
      report(`modal: ${title}`);
      const expected = current.name === 'successConfirm' || (current.name === 'sharingIncomplete' && answers.decision === 'cancel');
      if (!expected && modal.rule?.button === 'close') return cannot(`the bank showed "${title}"`);
      await modal.activate();
      if (!expected) return cannot(`the bank showed "${title}"`);
      continue;
    }
    if (session.screen.kind !== 'flow') return cannot(`the journey stopped on the ${session.screen.kind} screen`);
    report(`step: ${session.title}`);
    const problem = await answerStep(container, answers, report);
    if (problem !== undefined) return problem;
  }
  return cannot('the journey took more than 30 answers');
}

const matches = (account: Account, wanted: string): boolean =>
  [accountDisplayName(account), account.identification, formatAccountNumber(account.identification)].some(
    (text) => text.toLowerCase() === wanted.toLowerCase(),
  );

async function answerStep(container: Container, answers: JourneyAnswers, report: (line: string) => void): Promise<ScriptStop | undefined> {
  const session = container.get(SessionStore);
  switch (session.step) {
    case 'login': {
      const login = container.get(LoginStore);
      login.setUsername(answers.username);
      login.setSecureCode(answers.secureCode);
      if (login.requireDob) {
        if (answers.dateOfBirth === undefined) return cannot('the bank asked for a date of birth and the answers have no "dateOfBirth"');
        login.pasteDob(answers.dateOfBirth);
      }
      if (!login.canContinue) {
        // Issue 33 item 15: the app's own refusal ("Invalid date"), not a bank's earlier answer.
        const said = [login.usernameError, login.secureCodeError, login.dobError].filter(Boolean).join(' ');
        return said === '' ? cannot('the login cannot continue: a field is not valid') : { kind: 'refused', said };
      }
      report(`  username ${answers.username}, secure code ******${login.requireDob ? ', date of birth' : ''}`);
      await login.submit();
      if (session.step === 'login' && container.get(ModalStore).current === undefined && !login.requireDob) {
        return cannot(login.loginError ? `the login was refused: ${copy.login.errorBanner}` : 'the login did not go on');
      }
      return undefined;
    }
    case 'selectProfile': {
      const profile = container.get(ProfileStore);
      const wanted =
        answers.profile === undefined
          ? profile.profiles[0]
          : profile.profiles.find((entry) => entry.profileName.toLowerCase() === answers.profile?.toLowerCase());
      if (wanted === undefined)
        return cannot(`no profile "${answers.profile}" (the bank offers: ${profile.profiles.map((entry) => entry.profileName).join(', ')})`);
      profile.select(wanted.id);
      report(`  profile ${wanted.profileName}`);
      await profile.continue();
      return undefined;
    }
    case 'selectAccounts': {
      const selection = container.get(AccountSelectionStore);
      const wanted = answers.accounts;
      if (wanted === 'all') {
        if (!selection.allSelected) selection.toggleAll();
      } else if (wanted !== undefined) {
        const unknown = wanted.filter((name) => !selection.availableAccounts.some((account) => matches(account, name)));
        if (unknown.length > 0)
          return cannot(
            `no eligible account ${unknown.map((name) => `"${name}"`).join(', ')} (the bank offers: ${selection.availableAccounts.map(accountDisplayName).join(', ')})`,
          );
        for (const account of selection.availableAccounts) {
          const tick = wanted.some((name) => matches(account, name));
          const current = selection.accounts.find((entry) => entry.id === account.id);
          if (current !== undefined && current.selected !== tick) selection.toggle(account.id);
        }
      }
      report(
        `  ticked: ${
          selection.accounts
            .filter((account) => account.selected)
            .map(accountDisplayName)
            .join(', ') || 'none'
        }`,
      );
      await selection.continue();
      return undefined;
    }
    case 'confirmation': {
      const confirmation = container.get(ConfirmationStore);
      if (answers.description !== undefined) confirmation.setDescription(answers.description);
      // Issue 22: an amendment's log says what changes, as the review shows it (domain/whats-changed.ts).
      const changes = confirmation.whatsChanged;
      if (changes !== undefined && changes.lines.length > 0) {
        report(`  ${stepsCopy.confirmation.whatsChanged}:`);
        for (const line of changes.lines) report(`    ${line}`);
      }
      report(`  ${confirmation.howLongText}`);
      if (answers.decision === 'cancel') {
        confirmation.cancel();
        return undefined;
      }
      if (!confirmation.canConfirm) return cannot('Confirm is not available');
      await confirmation.confirm();
      return undefined;
    }
  }
}

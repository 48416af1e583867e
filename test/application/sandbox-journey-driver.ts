// Drives the real application container against the real sandbox bank over HTTP, with no browser:
// the terminal channel's composition root (DESIGN §1), a manual clock, and the stores used as the
// views use them. Milliseconds a journey, where Chromium takes seconds to open the app.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { reaction } from 'mobx';
import { createTerminalContainer, loadTerminalConfig, resolveJourneyEntry } from '../../adapters/terminal/composition-root';
import type { FetchFunction } from '../../adapters/fetch.token';
import { FlowController } from '../../application/flow-controller';
import { AccountSelectionStore } from '../../application/stores/account-selection.store';
import { ConfirmationStore } from '../../application/stores/confirmation.store';
import { LoginStore } from '../../application/stores/login.store';
import { ModalStore } from '../../application/stores/modal.store';
import { ProfileStore } from '../../application/stores/profile.store';
import { SessionStore } from '../../application/stores/session.store';
import { accountDisplayName, type Account } from '../../domain/accounts';
import { copy, modalText } from '../../domain/copy';
import type { Step } from '../../domain/flow';
import type { AuthorisationAsk } from '../../sandbox/recipient-simulator';
import { SandboxHarness } from '../browser/browser-harness';
import { stateOf, type LoginAnswer } from '../browser/consent-app-driver';
import { ManualClock, ManualScheduler, RecordingLogger } from '../support/fakes';
import { recipientView, type RecipientView } from './recipient-view';

/** One HTTP request the app sent to the bank, and what came back. */
interface SentRequest {
  readonly method: string;
  readonly url: string;
  /** None while unanswered, or when the connection failed. */
  status?: number;
  /** An error answer's body (CONTRACT §4 error envelope). */
  errorBody?: string;
}

/** How long the return may take once the journey has ended, before the test says where it stopped. */
const EXIT_WAIT_MS = 5000;

/** The app's `fetch`, recording every request (a GET's retries each count, as in a browser's network log). */
const recordingFetch =
  (requests: SentRequest[]): FetchFunction =>
  async (input, init) => {
    const sent: SentRequest = { method: init?.method ?? 'GET', url: input };
    requests.push(sent);
    const response = await globalThis.fetch(input, init);
    sent.status = response.status;
    if (!response.ok) sent.errorBody = await response.clone().text();
    return response;
  };

/** CONTRACT §4: the status, and the first error stack entry's code and remainingOTPattempts, as the browser tests read them. */
function loginAnswerOf(request: SentRequest): LoginAnswer {
  const status = request.status ?? 0;
  if (request.errorBody === undefined) return { status };
  const body = JSON.parse(request.errorBody) as { error?: { errorInfo?: { errorStack?: { code?: string; causes?: string[] }[] }[] } };
  const entry = body.error?.errorInfo?.[0]?.errorStack?.[0];
  const first = entry?.causes?.[0];
  const remaining = first?.startsWith('{') === true ? (JSON.parse(first) as { remainingOTPattempts?: number }).remainingOTPattempts : undefined;
  return { status, ...(entry?.code === undefined ? {} : { code: entry.code }), ...(remaining === undefined ? {} : { remainingOTPattempts: remaining }) };
}

/** Rejects with `what()` when `promise` has not settled within `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(what())), ms);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens a journey as the recipient simulator's Start would (a signed entry URL for `ask`), loads
 * the bank's config.json, and starts the flow: resolves on the login step, ready for input.
 */
async function openSandboxJourney(harness: SandboxHarness, ask: Partial<AuthorisationAsk> = {}) {
  const entryUrl = await harness.entryUrl(ask);
  const entry = await resolveJourneyEntry({ kind: 'url', url: entryUrl });
  if (!entry.ok) throw new Error(entry.error);
  const config = await loadTerminalConfig(entry.value.configUrl);
  if (!config.ok) throw new Error(config.error.join('; '));
  // The sandbox signs with the real time: the app's clock starts there, and moves only when told.
  const clock = new ManualClock(Date.now());
  const requests: SentRequest[] = [];
  let exitUrl: string | undefined;
  let leave: (url: string) => void = () => undefined;
  const left = new Promise<string>((resolve) => {
    leave = resolve;
  });
  const container = createTerminalContainer(config.value, {
    launch: entry.value.launch,
    // DESIGN §3.2: the one exit, where a browser would leave for the recipient.
    onLeave: (url) => {
      exitUrl = url;
      leave(url);
    },
    logger: new RecordingLogger(),
    fetch: recordingFetch(requests),
    time: { clock, scheduler: new ManualScheduler(clock) },
  });
  const get = <T>(service: new (...args: never[]) => T): T => container.get<T>(service as never);
  const flow = get(FlowController);
  const session = get(SessionStore);
  const login = get(LoginStore);
  const modal = get(ModalStore);
  const profile = get(ProfileStore);
  const selection = get(AccountSelectionStore);
  const confirmation = get(ConfirmationStore);

  const modalTitle = (): string | undefined => {
    const top = modal.current;
    return top === undefined ? undefined : modalText(copy.modals[top.name].title, session.modalContext);
  };
  /** Where the customer is: the top modal's title, else the step's title (the page's h1), else the screen. */
  const where = (): string => {
    const title = modalTitle();
    if (title !== undefined) return `modal: ${title}`;
    return session.screen.kind === 'flow' ? `step: ${session.title}` : `screen: ${session.screen.kind}`;
  };
  await flow.start();
  if (session.screen.kind !== 'flow' || session.step !== 'login' || session.awaitingLogin)
    throw new Error(`the journey did not open on the login step: ${where()}`);
  const seen: string[] = [];
  const stopWatching = reaction(where, (now) => seen.push(now), { fireImmediately: true });

  /** Spec §2: the Cancel button of each step. */
  const cancels: Readonly<Record<Step, () => void>> = {
    login: () => login.cancel(),
    selectProfile: () => profile.cancel(),
    selectAccounts: () => selection.cancel(),
    confirmation: () => confirmation.cancel(),
  };
  const account = (name: string): Account => {
    const found = selection.accounts.find((candidate) => accountDisplayName(candidate) === name);
    if (found === undefined) throw new Error(`no account "${name}" on ${where()} (${selection.accounts.map(accountDisplayName).join(', ')})`);
    return found;
  };

  return {
    session,
    login,
    modal,
    profile,
    selection,
    confirmation,
    clock,
    /** The `state` the recipient signed: the return must echo it exactly. */
    state: stateOf(entryUrl),
    /** Every request to the bank, in the order sent. */
    requests,
    /** The steps and modals the customer met, in order (each change once). */
    seen,
    get modalTitle(): string | undefined {
      return modalTitle();
    },
    /** The label of the top modal's main button. */
    get modalPrimary(): string | undefined {
      const top = modal.current;
      return top === undefined ? undefined : modalText(copy.modals[top.name].primary, session.modalContext);
    },
    /** Where the return went, once the journey left. */
    get exitUrl(): string | undefined {
      return exitUrl;
    },
    where,
    account,
    /** Ticks (or clears) an account by its name, as a click on its checkbox would when it is not already so. */
    tick(name: string, ticked = true): void {
      if (account(name).selected !== ticked) selection.toggle(account(name).id);
    },
    async logIn(username: string, code = '123456'): Promise<void> {
      login.setUsername(username);
      login.setSecureCode(code);
      await login.submit();
    },
    cancel(): void {
      cancels[session.step]();
    },
    /** The requests sent with `method` to a path starting with `path`. */
    sent(method: string, path: string): SentRequest[] {
      return requests.filter((request) => request.method === method && new URL(request.url).pathname.startsWith(path));
    },
    /** What the bank answered to each login. */
    loginAnswers(): LoginAnswer[] {
      return requests.filter((request) => request.method === 'POST' && request.url.endsWith('/customer-auth/authenticate')).map(loginAnswerOf);
    },
    /** What the recipient simulator makes of the return, once the journey has left. */
    async returned(): Promise<RecipientView> {
      return recipientView(await within(left, EXIT_WAIT_MS, () => `no return to the recipient; the journey is on ${where()}`));
    },
    /** The page is gone: nothing more is sent or timed. */
    dispose(): void {
      stopWatching();
      flow.dispose();
    },
  };
}

export type SandboxJourney = Awaited<ReturnType<typeof openSandboxJourney>>;

/**
 * The hooks a suite of headless journeys repeats: a sandbox bank for the suite (no app is built:
 * it serves the bank, config.json and the recipient simulator), each journey disposed after its
 * test. Call inside describe; `open` starts a journey.
 */
export function sandboxJourneySuite(): { open(ask?: Partial<AuthorisationAsk>): Promise<SandboxJourney> } {
  const harness = new SandboxHarness();
  let distDir = '';
  const opened: SandboxJourney[] = [];
  before(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-journeys-'));
    await harness.start({ distDir });
  });
  afterEach(() => {
    for (const journey of opened.splice(0)) journey.dispose();
  });
  after(async () => {
    await harness.stop();
    await rm(distDir, { recursive: true, force: true });
  });
  return {
    async open(ask = {}) {
      const journey = await openSandboxJourney(harness, ask);
      opened.push(journey);
      return journey;
    },
  };
}

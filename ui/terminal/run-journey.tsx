import { render } from 'ink';
import { EventEmitter } from 'node:events';
import { FlowController } from '../../application/flow-controller';
import {
  CallJournal,
  createTerminalContainer,
  EXIT_CODES,
  FlowEventSender,
  journeyCopy,
  journeyVerdict,
  loadTerminalConfig,
  readJourneyAnswers,
  readReturn,
  resolveJourneyEntry,
  verdictLine,
  type JourneyAnswers,
  type JourneyReturn,
  type RunStop,
} from '../../adapters/terminal/composition-root';
import { SessionStore } from '../../application/stores/session.store';
import { copy, modalText } from '../../domain/copy';
import type { ReturnUrl } from '../../domain/return-url';
import { TerminalApp } from './app';
import type { JourneyArguments } from './journey-arguments';
import { runScriptedJourney } from './scripted-journey';
import { ServicesProvider } from './services-context';

/** Issue 35 item 1: how long the run waits for its flow event to be answered before it ends (the verdict is not delayed more). */
const FLOW_EVENT_WAIT_MS = 2000;

/** Issue 35 item 1: the flow event's answer, awaited at most FLOW_EVENT_WAIT_MS (a bank that does not answer does not hold the run). */
async function flowEventAnswered(sender: FlowEventSender): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FLOW_EVENT_WAIT_MS);
  });
  await Promise.race([sender.settled(), waited]);
  clearTimeout(timer);
}

/** Where a run writes (the process's streams, or a test's). */
export interface JourneyIo {
  readonly out: (line: string) => void;
  /** Where problems with the answers file go (stderr; `out` when absent). */
  readonly err?: (line: string) => void;
  readonly stdin?: NodeJS.ReadStream;
  readonly stdout?: NodeJS.WriteStream;
}

/** CONTRACT §6: the return's lines as printed: the address, then each parameter. */
function describeReturn(url: string, got: JourneyReturn): string[] {
  const lines = [`return: ${url}`];
  switch (got.kind) {
    case 'code':
      lines.push(`  code: ${got.code}`, `  state: ${got.state ?? '(none)'}`, `  id_token: ${got.idToken ?? '(none)'}`);
      break;
    case 'jarm':
      lines.push(`  response: ${got.response}`);
      break;
    case 'error':
      lines.push(
        `  error: ${got.error}`,
        `  respCode: ${got.respCode ?? '(none)'}`,
        `  respMessage: ${got.respMessage ?? '(none)'}`,
        `  state: ${got.state ?? '(none)'}`,
      );
      break;
    case 'plain':
      lines.push('  (no code and no error)');
      break;
  }
  return lines;
}

/**
 * `npm run journey` (docs/terminal.md): resolves the entry, loads the bank's config, builds the
 * terminal container, starts the flow, then either shows the views (interactive) or answers them
 * from a file (CI). Prints the return and the verdict (adapters/terminal/journey-verdict.ts, in
 * adapters/terminal/journey-copy.ts's words) and resolves with the exit code (EXIT_CODES): 0 when the
 * recipient got what was expected, 1 when the journey failed, 2 when the answers file is wrong.
 */
export async function runJourney(args: JourneyArguments, io: JourneyIo): Promise<number> {
  const fail = (reason: string): number => {
    io.out(`${journeyCopy.failed}: ${reason}`);
    return EXIT_CODES.failed;
  };
  let answers: JourneyAnswers | undefined;
  if (args.answers !== undefined) {
    const read = await readJourneyAnswers(args.answers);
    if (!read.ok) {
      for (const problem of read.error) (io.err ?? io.out)(problem);
      return EXIT_CODES.usage;
    }
    answers = read.value;
  }
  const entry = await resolveJourneyEntry(args.entry);
  if (!entry.ok) return fail(entry.error);
  const config = await loadTerminalConfig(entry.value.configUrl);
  if (!config.ok) return fail(`the bank's config.json: ${config.error.join('; ')}`);

  const warnings: string[] = [];
  let leave: (url: ReturnUrl) => void = () => undefined;
  const left = new Promise<ReturnUrl>((resolve) => {
    leave = resolve;
  });
  // Spec §4: the keys Ink reads are the customer's activity (never the terminal's input itself: TerminalApp's onKey).
  const keyPresses = new EventEmitter();
  const container = createTerminalContainer(config.value, {
    launch: entry.value.launch,
    onLeave: (url) => leave(url),
    keys: answers === undefined ? keyPresses : undefined,
    logger: {
      warn: (message) => {
        warnings.push(message);
      },
    },
  });
  const flow = container.get(FlowController);
  const session = container.get(SessionStore);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<RunStop>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timedOut', seconds: args.timeoutMs / 1000 }), args.timeoutMs);
  });
  try {
    // Started before the first frame: the login form is on screen (and takes keys) while the
    // token is verified and the consent read, as the web's pre-rendered form (docs/prerendered-login.md).
    const started = flow.start();
    let interrupt: () => void = () => undefined;
    const interrupted = new Promise<RunStop>((resolve) => {
      interrupt = () => resolve({ kind: 'interrupted' });
    });
    const keys = {
      key: () => {
        keyPresses.emit('data');
      },
      interrupt: () => interrupt(),
    };
    // Ctrl+C is the app's (TerminalApp's keys): Ink's own exit would leave its last frame on screen.
    const ink =
      answers === undefined
        ? render(
            <ServicesProvider container={container}>
              <TerminalApp keys={keys} />
            </ServicesProvider>,
            { ...(io.stdin ? { stdin: io.stdin } : {}), ...(io.stdout ? { stdout: io.stdout } : {}), exitOnCtrlC: false, patchConsole: false },
          )
        : undefined;
    await started;
    const stopped: Promise<RunStop> = answers === undefined ? interrupted : runScriptedJourney(container, answers, io.out);
    const outcome = await Promise.race([left.then((url) => ({ url })), stopped.then((stop) => ({ stop })), timedOut.then((stop) => ({ stop }))]);
    // Issue 35 item 1: a run that stops without its exit (Ctrl+C, the time limit, the script's end)
    // leaves as a closed tab does; the exit reported its own ending. The event is awaited, briefly, at the end.
    if ('stop' in outcome) flow.pageLeft();
    // Nothing of the views stays on screen under the verdict: the last frame drawn (also one Ink
    // held back, throttled) is an empty one, which erases the screen's.
    ink?.rerender(<></>);
    ink?.unmount();
    const returned = 'url' in outcome ? readReturn(outcome.url) : undefined;
    if ('url' in outcome && returned !== undefined) for (const line of describeReturn(outcome.url, returned)) io.out(line);
    const verdict = journeyVerdict({
      returned,
      expected: answers?.expect ?? { kind: 'code' },
      stop: 'stop' in outcome ? outcome.stop : undefined,
      state: flow.state,
      calls: container.get(CallJournal).record,
    });
    if (!verdict.passed) for (const warning of warnings) io.out(`  bank warning: ${warning}`);
    io.out(verdictLine(verdict, (name) => modalText(copy.modals[name].title, session.modalContext)));
    return verdict.exitCode;
  } finally {
    clearTimeout(timer);
    flow.dispose();
    await flowEventAnswered(container.get(FlowEventSender));
  }
}

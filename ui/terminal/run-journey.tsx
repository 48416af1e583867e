import { render } from 'ink';
import { FlowController } from '../../application/flow-controller';
import {
  createTerminalContainer, loadTerminalConfig, readJourneyAnswers, resolveJourneyEntry,
} from '../../adapters/terminal/composition-root';
import { judgeReturn, readReturn, type JourneyReturn } from '../../domain/journey-outcome';
import type { JourneyAnswers } from '../../domain/journey-answers';
import type { ReturnUrl } from '../../domain/return-url';
import { TerminalApp } from './app';
import type { JourneyArguments } from './journey-arguments';
import { runScriptedJourney } from './scripted-journey';
import { ServicesProvider } from './services-context';

/** Where a run writes (the process's streams, or a test's). */
export interface JourneyIo {
  readonly out: (line: string) => void;
  readonly stdin?: NodeJS.ReadStream;
  readonly stdout?: NodeJS.WriteStream;
}

/** CONTRACT §6: the return's lines as printed: the address, then each parameter. */
export function describeReturn(url: string, got: JourneyReturn): string[] {
  const lines = [`return: ${url}`];
  switch (got.kind) {
    case 'code':
      lines.push(`  code: ${got.code}`, `  state: ${got.state ?? '(none)'}`, `  id_token: ${got.idToken ?? '(none)'}`);
      break;
    case 'jarm':
      lines.push(`  response: ${got.response}`);
      break;
    case 'error':
      lines.push(`  error: ${got.error}`, `  respCode: ${got.respCode ?? '(none)'}`, `  respMessage: ${got.respMessage ?? '(none)'}`, `  state: ${got.state ?? '(none)'}`);
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
 * from a file (CI). Resolves with the exit code: 0 when the recipient got what was expected.
 */
export async function runJourney(args: JourneyArguments, io: JourneyIo): Promise<number> {
  const fail = (reason: string): number => {
    io.out(`FAILED: ${reason}`);
    return 1;
  };
  let answers: JourneyAnswers | undefined;
  if (args.answers !== undefined) {
    const read = await readJourneyAnswers(args.answers);
    if (!read.ok) return fail(read.error.join('\n  '));
    answers = read.value;
  }
  const entry = await resolveJourneyEntry(args.entry);
  if (!entry.ok) return fail(entry.error);
  const config = await loadTerminalConfig(entry.value.configUrl);
  if (!config.ok) return fail(`the bank's config.json: ${config.error.join('; ')}`);

  const warnings: string[] = [];
  let leave: (url: ReturnUrl) => void = () => undefined;
  const left = new Promise<ReturnUrl>((resolve) => { leave = resolve; });
  const container = createTerminalContainer(config.value, {
    launch: entry.value.launch,
    onLeave: (url) => leave(url),
    keys: answers === undefined ? io.stdin : undefined,
    logger: { warn: (message) => { warnings.push(message); } },
  });
  const flow = container.get(FlowController);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<string>((resolve) => { timer = setTimeout(() => resolve(`no return within ${args.timeoutMs / 1000} s`), args.timeoutMs); });
  const ink = answers === undefined
    ? render(<ServicesProvider container={container}><TerminalApp /></ServicesProvider>, { ...(io.stdin ? { stdin: io.stdin } : {}), ...(io.stdout ? { stdout: io.stdout } : {}), exitOnCtrlC: true })
    : undefined;
  try {
    await flow.start();
    const stopped = answers === undefined
      ? ink!.waitUntilExit().then(() => 'the journey was interrupted (Ctrl-C)')
      : runScriptedJourney(container, answers, io.out);
    const outcome = await Promise.race([left.then((url) => ({ url })), stopped.then((reason) => ({ reason })), timedOut.then((reason) => ({ reason }))]);
    ink?.unmount();
    if ('reason' in outcome) return fail([outcome.reason, ...warnings.map((warning) => `bank warning: ${warning}`)].join('\n  '));
    const got = readReturn(outcome.url);
    for (const line of describeReturn(outcome.url, got)) io.out(line);
    const verdict = judgeReturn(got, answers?.expect ?? { kind: 'code' });
    if (answers === undefined && !verdict.passed) return fail(verdict.reason);
    if (!verdict.passed) return fail(verdict.reason);
    io.out('PASSED: the recipient got ' + (got.kind === 'error' ? `error ${got.error}` : 'an authorisation code'));
    return 0;
  } finally {
    clearTimeout(timer);
    flow.dispose();
  }
}

import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import type { render } from 'ink-testing-library';

/** How long a test waits for something the screen should show before it fails, naming it. */
export const FRAME_LIMIT_MS = 15_000;

/** What Ink draws, one frame after another: the frame now, and a call at each new frame. */
interface Drawn {
  frame(): string;
  onFrame(listener: () => void): () => void;
}

/**
 * Resolves with the frame once `ready` holds of it: checked now, then at every frame Ink draws
 * (never a fixed sleep). Fails after `limitMs` naming `what` was awaited, with the last frame.
 */
function untilDrawn(drawn: Drawn, ready: (frame: string) => boolean, what: string, limitMs = FRAME_LIMIT_MS): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const check = (): boolean => {
      const frame = drawn.frame();
      if (!ready(frame)) return false;
      stop();
      clearTimeout(timer);
      resolve(frame);
      return true;
    };
    const stop = drawn.onFrame(check);
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`waited ${limitMs} ms in vain for ${what}; the last frame:\n${drawn.frame()}`));
    }, limitMs);
    check();
  });
}

/** The frames of an ink-testing-library render (`lastFrame()`), each new one announced. */
export function watchFrames(view: ReturnType<typeof render>): Drawn & {
  until(ready: (frame: string) => boolean, what: string, limitMs?: number): Promise<string>;
} {
  const frames = new EventEmitter();
  const write = view.stdout.write;
  view.stdout.write = (frame: string) => {
    write(frame);
    frames.emit('frame');
  };
  const drawn: Drawn = {
    frame: () => view.lastFrame() ?? '',
    onFrame: (listener) => {
      frames.on('frame', listener);
      return () => frames.off('frame', listener);
    },
  };
  return { ...drawn, until: (ready, what, limitMs) => untilDrawn(drawn, ready, what, limitMs) };
}

/**
 * React's own scheduler, the copy Ink's renderer (react-reconciler) runs its effects on: a
 * control taking the focus, its key handler put in place, a focus moved by the app.
 */
interface ReactScheduler {
  unstable_scheduleCallback(priority: number, callback: () => void): unknown;
  readonly unstable_IdlePriority: number;
}
const reactScheduler = createRequire(createRequire(import.meta.url).resolve('react-reconciler'))('scheduler') as ReactScheduler;

/**
 * The views have settled: what was typed has been read (a lone Escape waits one turn in Ink's
 * parser; a terminal's keyboard stream delivers on the next tick), the promises it set off have
 * run, and React has run every effect it had queued (a task at idle priority runs only after
 * every one queued before it, and after any they queue in turn). The app's own settledness, to
 * wait on before a key (the control that takes it listens) and before a check that nothing
 * happened, never a fixed sleep. Fails after `limitMs` when React's work never ends.
 */
export async function settled(limitMs = FRAME_LIMIT_MS): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      new Promise<void>((resolve) => reactScheduler.unstable_scheduleCallback(reactScheduler.unstable_IdlePriority, () => resolve())),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`React's queued work did not end within ${limitMs} ms`)), limitMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A terminal for `runJourney`'s interactive mode in tests: a keyboard that is a real stream (what
 * is typed waits in it until someone reads, or is lost to whoever makes it flow, as with
 * process.stdin), and a screen that plays what Ink writes (its erase-lines, cursor-up and
 * column moves), so that a test reads what the engineer would see, also after the run.
 */
export class FakeTerminal implements Drawn {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  private readonly writes: string[] = [];
  private readonly written = new EventEmitter();

  constructor() {
    const keyboard = new PassThrough({ encoding: 'utf8' }) as unknown as NodeJS.ReadStream & { isTTY: boolean };
    Object.assign(keyboard, { isTTY: true, setRawMode: () => keyboard, ref: () => keyboard, unref: () => keyboard });
    this.stdin = keyboard;
    const screen = Object.assign(new EventEmitter(), {
      columns: 100,
      rows: 60,
      isTTY: true,
      write: (chunk: string, callback?: () => void) => {
        this.writes.push(String(chunk));
        this.written.emit('frame');
        if (typeof callback === 'function') setImmediate(callback);
        return true;
      },
    });
    this.stdout = screen as unknown as NodeJS.WriteStream;
  }

  /** Keys, as a terminal sends them. */
  type(text: string): void {
    (this.stdin as unknown as PassThrough).write(text);
  }

  frame(): string {
    return this.screen();
  }

  onFrame(listener: () => void): () => void {
    this.written.on('frame', listener);
    return () => this.written.off('frame', listener);
  }

  /** Resolves once the screen shows what `ready` looks for (at each write Ink makes); fails naming `what`. */
  until(ready: (screen: string) => boolean, what: string, limitMs?: number): Promise<string> {
    return untilDrawn(this, ready, what, limitMs);
  }

  /** What is on screen now: every write played in order (text, newlines, Ink's cursor moves and erasures). */
  screen(): string {
    const lines: string[] = [''];
    let row = 0;
    let column = 0;
    const put = (text: string) => {
      const line = (lines[row] ?? '').padEnd(column, ' ');
      lines[row] = line.slice(0, column) + text + line.slice(column + text.length);
      column += text.length;
    };
    const all = this.writes.join('');
    // eslint-disable-next-line no-control-regex
    const token = /\u001B\[([?\d;]*)([A-Za-z])|\u001B\][^\u0007]*\u0007|(\n)|(\r)|([^\u001B\n\r]+)/g;
    for (const match of all.matchAll(token)) {
      const [, params = '', command, newline, carriage, text] = match;
      if (text !== undefined) put(text);
      else if (newline !== undefined) {
        row += 1;
        column = 0;
        while (lines.length <= row) lines.push('');
      } else if (carriage !== undefined) column = 0;
      else if (command === 'A') row = Math.max(0, row - Number(params || '1'));
      else if (command === 'B') row += Number(params || '1');
      else if (command === 'G') column = Math.max(0, Number(params || '1') - 1);
      else if (command === 'K') lines[row] = params === '2' ? '' : (lines[row] ?? '').slice(0, column);
      else if (command === 'J') lines.splice(row + 1);
    }
    return lines
      .map((line) => line.trimEnd())
      .join('\n')
      .replace(/\n+$/, '')
      .trimEnd();
  }
}

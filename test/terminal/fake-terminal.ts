import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';

/**
 * A terminal for `runJourney`'s interactive mode in tests: a keyboard that is a real stream (what
 * is typed waits in it until someone reads, or is lost to whoever makes it flow, as with
 * process.stdin), and a screen that plays what Ink writes (its erase-lines, cursor-up and
 * column moves), so that a test reads what the engineer would see, also after the run.
 */
export class FakeTerminal {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  private readonly writes: string[] = [];

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

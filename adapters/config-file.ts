// Issue 33 item 2: a config.json on disk, checked as the app checks it at start (Node only: the build and `npm run check-config`).
import { readFile } from 'node:fs/promises';
import type { RuntimeConfig } from '../application/runtime-config';
import { err, ok, type Result } from '../domain/result';
import { readConfigText } from './config-text.reader';

/** A config file the app would start with: its JSON as written (the build's entry page carries parts of it) and what the app reads. */
interface CheckedConfigFile {
  readonly raw: unknown;
  readonly config: RuntimeConfig;
}

/** Why `file` could not be read, in words a bank engineer acts on. */
function unreadable(file: string, error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return `${file} was not found`;
  if (code === 'EISDIR') return `${file} is a folder, not a file`;
  if (code === 'EACCES' || code === 'EPERM') return `${file} could not be read (permission denied)`;
  return `${file} could not be read (${error instanceof Error ? error.message : String(error)})`;
}

/** `file` read and checked (adapters/config-text.reader.ts): the config, or every problem, one a line. */
export async function readConfigFile(file: string): Promise<Result<CheckedConfigFile, readonly string[]>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return err([unreadable(file, error)]);
  }
  const read = readConfigText(text);
  return read.ok ? ok({ raw: JSON.parse(text) as unknown, config: read.value }) : read;
}

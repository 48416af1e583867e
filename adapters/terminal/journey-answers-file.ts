import { readFile } from 'node:fs/promises';
import { parseJourneyAnswers, type JourneyAnswers } from './journey-answers';
import { err, type Result } from '../../domain/result';

/** Reads a scripted journey's answers file (JSON, docs/terminal.md "CI"); every problem is named. */
export async function readJourneyAnswers(file: string): Promise<Result<JourneyAnswers, readonly string[]>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return err([`${file} could not be read: ${error instanceof Error ? error.message : String(error)}`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return err([`${file} is not valid JSON (${error instanceof Error ? error.message : String(error)})`]);
  }
  const parsed = parseJourneyAnswers(json);
  return parsed.ok ? parsed : err(parsed.error.map((problem) => `${file}: ${problem}`));
}

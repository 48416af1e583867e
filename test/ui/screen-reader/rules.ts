// The rules a transcript shows (issue 25, its first item), read from what the screen reader said command
// by command (speak.ts).
import type { Spoken } from './speak';

/** Commands that only move the reading cursor: what they make the reader say is what the customer reads. */
const MOVES = new Set(['next item', 'previous item', 'next heading']);
const STEP_HEADING = /^heading, (.+), level 1$/;
const LIVE = /^(polite|assertive): (.+)$/;

/** The live regions' announcements in one answer, without their politeness. */
export function announcements(spoken: Spoken): string[] {
  return spoken.phrases.flatMap((phrase) => {
    const match = LIVE.exec(phrase);
    return match?.[2] === undefined ? [] : [match[2]];
  });
}

/** The first answer to a command, after `from`, that says something matching `phrase`. */
export function answerSaying(transcript: readonly Spoken[], phrase: RegExp, from = 0): Spoken {
  const found = transcript.slice(from).find((spoken) => spoken.phrases.some((said) => phrase.test(said)));
  if (found === undefined) throw new Error(`nothing in the transcript says ${String(phrase)}`);
  return found;
}

/**
 * Step changes as announced: the level-1 headings the reader said because the app moved the focus
 * to them, not because the customer moved the reader there. Each step change should be in it once.
 */
export function stepHeadingsAnnounced(transcript: readonly Spoken[]): string[] {
  return transcript.filter(({ command }) => !MOVES.has(command)).flatMap(({ phrases }) => phrases.flatMap((phrase) => STEP_HEADING.exec(phrase)?.[1] ?? []));
}

/**
 * What one answer says twice: the same phrase twice, an announcement whose words another phrase
 * of the same answer says too (an error announced by its live region and read with its field), or
 * one phrase saying the same sentence twice running (a dialog described by two copies of a text).
 */
export function saidTwice(transcript: readonly Spoken[]): string[] {
  return transcript.flatMap(({ command, phrases }, index) =>
    phrases
      .filter((phrase, at) => {
        const others = phrases.filter((_, other) => other !== at);
        const words = LIVE.exec(phrase)?.[2];
        const sentences = phrase.split(/(?<=\.),? +/);
        return (
          phrases.indexOf(phrase) !== at ||
          (words !== undefined && others.some((said) => said.includes(words))) ||
          sentences.some((sentence, next) => next > 0 && sentence === sentences[next - 1])
        );
      })
      .map((phrase) => `command ${index + 1} (${command}): ${phrase}`),
  );
}

/** Announcements made while the customer only moved the reader: nothing should speak up then. */
export function announcedWhileReading(transcript: readonly Spoken[]): string[] {
  return transcript.filter(({ command }) => MOVES.has(command)).flatMap((spoken) => announcements(spoken));
}

/**
 * How often a phrase was said, other than as the reader's echo of what the customer typed: a form
 * announced once (the pre-rendered login, before and after the take-over) has each of its
 * heading's and fields' phrases said once.
 */
export function timesSaid(transcript: readonly Spoken[], phrase: RegExp): number {
  return transcript
    .filter(({ command }) => !command.startsWith('type '))
    .flatMap(({ phrases }) => phrases)
    .filter((said) => phrase.test(said)).length;
}

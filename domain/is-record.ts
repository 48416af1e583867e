/** A plain JSON object (not null, not an array): the first check on any payload from the wire. */
export const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string with at least one non-blank character, trimmed; `undefined` otherwise. */
export const nonBlank = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

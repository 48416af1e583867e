// How nginx-config.ts writes a header's value in nginx's configuration language.

/**
 * DESIGN §4: a header value as an nginx quoted string: double quotes, or single quotes for a value
 * holding `"` (Reporting-Endpoints). Values holding both quotes, `\`, `$` (nginx would read a
 * variable) or a line break are a bug in the constants, so this throws.
 */
export function nginxQuoted(value: string): string {
  const unwritable = /[\\$\r\n]/.test(value) || (value.includes('"') && value.includes("'"));
  if (unwritable) throw new Error(`Header value cannot be written for nginx: ${JSON.stringify(value)}`);
  return value.includes('"') ? `'${value}'` : `"${value}"`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An en-AU date formatter, one per set of options: making one costs far more than formatting
 * (issue 23 item D: a new one per call was 12–19 ms of the review's render at 4× CPU).
 */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-AU', options);
    formats.set(key, format);
  }
  return format;
}

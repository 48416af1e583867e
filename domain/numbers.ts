/** Issue 23 item D: counts as Australians read them, with thousands separators ("5,000", "4,801"). */
const COUNT_FORMAT = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

/** Issue 23 item D: a count shown to the customer, formatted for Australia (en-AU): 5000 is "5,000" (anything not a finite number as it is). */
export const formatCount = (count: number): string => (Number.isFinite(count) ? COUNT_FORMAT.format(count) : String(count));

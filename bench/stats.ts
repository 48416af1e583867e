// Median and interquartile range (issue 15 item 1: one run's noise cannot decide a verdict).
export interface Summary {
  readonly median: number;
  readonly q1: number;
  readonly q3: number;
  readonly iqr: number;
  readonly n: number;
}

export const round = (n: number, digits = 1): number => Number(n.toFixed(digits));

/** The `p` quantile (0..1) by linear interpolation between the sorted values. */
function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('no values to summarise');
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (at - low);
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

export function summarise(values: readonly number[]): Summary {
  const q1 = quantile(values, 0.25);
  const q3 = quantile(values, 0.75);
  return { median: round(median(values)), q1: round(q1), q3: round(q3), iqr: round(q3 - q1), n: values.length };
}

/** "540 (IQR 32)": how the tables print a summary. */
export const show = (summary: Summary | undefined): string => (summary === undefined ? '—' : `${Math.round(summary.median)} (IQR ${Math.round(summary.iqr)})`);

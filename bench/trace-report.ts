// What a Chromium trace says about a page's first paint (issue 33 item 17), for
// bench/first-paint-trace.ts: from the navigation to the first contentful paint, the document's
// bytes, the other requests begun before the paint, and the main thread's work by trace event.

/** A Chromium trace event (the Trace Event Format); times in microseconds. */
export interface TraceEvent {
  readonly name: string;
  readonly cat: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly frame?: string; readonly data?: Record<string, unknown>; readonly beginData?: Record<string, unknown> };
}

/** The main thread's work this report names (each may hold others: ParseHTML runs the inline script). */
const WORK = [
  'RunTask',
  'ParseHTML',
  'EvaluateScript',
  'v8.compile',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
];

const ms = (microseconds: number): string => `${(microseconds / 1000).toFixed(0)} ms`;
const data = (event: TraceEvent): Record<string, unknown> => event.args?.data ?? {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname.length > 48 ? `${parsed.pathname.slice(0, 45)}...` : parsed.pathname;
  } catch {
    return url.slice(0, 48);
  }
}

/** The report, or why it cannot be made (no navigation or no paint in the trace). */
export function firstPaintReport(events: readonly TraceEvent[]): string {
  const painted = events.filter((event) => event.name === 'firstContentfulPaint');
  const paint = painted.at(-1);
  if (paint === undefined) return '  no first contentful paint in the trace';
  const frame = paint.args?.frame;
  const start = events
    .filter((event) => event.name === 'navigationStart' && event.args?.frame === frame && text(data(event)['documentLoaderURL']) !== '')
    .at(-1);
  if (start === undefined) return '  no navigation of the painted frame in the trace';
  const before = (event: TraceEvent): boolean => event.ts >= start.ts && event.ts <= paint.ts;
  const timeline: { readonly ts: number; readonly what: string }[] = [];
  const note = (ts: number, what: string): void => {
    timeline.push({ ts, what });
  };

  // The requests, in the order they were sent, and the document's response and last byte.
  const sent = events.filter((event) => event.name === 'ResourceSendRequest' && before(event) && data(event)['frame'] === frame);
  const documentUrl = text(data(start)['documentLoaderURL']);
  for (const request of sent) {
    const id = data(request)['requestId'];
    const url = text(data(request)['url']);
    const isDocument = url === documentUrl;
    const of = (name: string) => events.find((event) => event.name === name && data(event)['requestId'] === id);
    const response = of('ResourceReceiveResponse');
    const finish = of('ResourceFinish');
    const bytes = Number(data(finish ?? request)['encodedDataLength'] ?? 0);
    note(request.ts, `${isDocument ? 'the document' : 'fetch'} ${shortUrl(url)} (${text(data(request)['priority']) || '?'})`);
    if (isDocument && response !== undefined) note(response.ts, `the document's response begins`);
    if (isDocument && finish !== undefined) note(finish.ts, `the document's last byte (${bytes} bytes on the wire)`);
  }
  // The main thread's parsing, in its chunks.
  const main = { pid: paint.pid, tid: paint.tid };
  const onMain = (event: TraceEvent): boolean => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && before(event);
  for (const parse of events.filter((event) => event.name === 'ParseHTML' && onMain(event) && text(event.args?.beginData?.['url']) === documentUrl)) {
    const begin = parse.args?.beginData ?? {};
    note(parse.ts, `ParseHTML from line ${String(begin['startLine'] ?? '?')} for ${ms(parse.dur ?? 0)}`);
  }
  const firstPaint = events.find((event) => event.name === 'firstPaint' && event.args?.frame === frame);
  if (firstPaint !== undefined) note(firstPaint.ts, 'first paint');
  note(paint.ts, 'first contentful paint');
  const lines = timeline.sort((a, b) => a.ts - b.ts).map(({ ts, what }) => `${`+${ms(ts - start.ts)}`.padStart(9)}  ${what}`);

  // The main thread's work before the paint, by event.
  const totals = new Map<string, number>();
  for (const event of events) {
    if (!WORK.includes(event.name) || !onMain(event)) continue;
    totals.set(event.name, (totals.get(event.name) ?? 0) + (event.dur ?? 0));
  }
  const busy = totals.get('RunTask') ?? 0;
  const work = WORK.filter((name) => name !== 'RunTask' && (totals.get(name) ?? 0) > 0).map((name) => `${name} ${ms(totals.get(name) ?? 0)}`);
  lines.push(`  main thread busy ${ms(busy)} of the ${ms(paint.ts - start.ts)} before the paint: ${work.join(', ') || 'nothing named'}`);
  return lines.join('\n');
}

import { expect } from 'chai';
import { firstPaintReport, type TraceEvent } from '../../bench/trace-report';

const FRAME = 'F1';
const URL_ = 'http://127.0.0.1:1/entry';
const at = (ms: number): number => 1_000_000 + ms * 1000;
const event = (name: string, ms: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({ name, cat: 'x', ph: 'X', ts: at(ms), pid: 1, tid: 2, ...extra });

describe('bench: what a trace says about the first paint (issue 33 item 17)', () => {
  it('names the document, the fetches begun before the paint, the parse and the main thread work, in time order', () => {
    const report = firstPaintReport([
      event('navigationStart', 0, { ph: 'R', args: { frame: FRAME, data: { documentLoaderURL: URL_ } } }),
      event('ResourceSendRequest', 10, { ph: 'I', args: { data: { requestId: 'd', url: URL_, frame: FRAME, priority: 'VeryHigh' } } }),
      event('ResourceReceiveResponse', 200, { ph: 'I', args: { data: { requestId: 'd' } } }),
      event('ResourceSendRequest', 250, {
        ph: 'I',
        args: { data: { requestId: 'p', url: 'http://127.0.0.1:1/assets/main.js', frame: FRAME, priority: 'High' } },
      }),
      // Another frame's request (the browser's own pages) is not the page's.
      event('ResourceSendRequest', 260, { ph: 'I', args: { data: { requestId: 'o', url: 'chrome://omnibox/app.js', frame: 'OTHER' } } }),
      event('ResourceFinish', 400, { ph: 'I', args: { data: { requestId: 'd', encodedDataLength: 8000 } } }),
      event('RunTask', 300, { dur: 150_000 }),
      event('ParseHTML', 300, { dur: 100_000, args: { beginData: { url: URL_, startLine: 0 } } }),
      event('Layout', 420, { dur: 20_000 }),
      // Work after the paint is not counted.
      event('Layout', 600, { dur: 90_000 }),
      event('firstContentfulPaint', 500, { ph: 'R', args: { frame: FRAME } }),
    ]);
    expect(report.split('\n')).to.deep.equal([
      '   +10 ms  the document /entry (VeryHigh)',
      "  +200 ms  the document's response begins",
      '  +250 ms  fetch /assets/main.js (High)',
      '  +300 ms  ParseHTML from line 0 for 100 ms',
      "  +400 ms  the document's last byte (8000 bytes on the wire)",
      '  +500 ms  first contentful paint',
      '  main thread busy 150 ms of the 500 ms before the paint: ParseHTML 100 ms, Layout 20 ms',
    ]);
  });

  it('says so when the trace has no paint, or no navigation of the painted frame', () => {
    expect(firstPaintReport([])).to.equal('  no first contentful paint in the trace');
    expect(firstPaintReport([event('firstContentfulPaint', 5, { args: { frame: FRAME } })])).to.equal('  no navigation of the painted frame in the trace');
  });
});

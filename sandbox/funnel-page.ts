// The recipient simulator's funnel page (issue 35 item 3): where customers give up, over the days
// of Get Metrics (currentDay and previousDays), for all flows and per group; each funnel an SVG
// with a table beside it holding the same numbers (the screen reader's version).
import { html, htmlPage, type Html } from './html-page';
import type { SegmentFunnel } from './funnel-segments';
import { funnelSvg } from './funnel-svg';
import { STEP_WORDS, STOP_WORDS } from './funnel-words';

/** Get Metrics' days are AEST days (UTC+10 all year, metrics.md): Brisbane's zone, which keeps no daylight saving. */
const aestDate = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Brisbane', day: 'numeric', month: 'long', year: 'numeric' });
/** Get Metrics v5: currentDay and the seven previousDays. */
const DAYS_BEFORE_TODAY = 7;
const DAY_MS = 86_400_000;

/** The same numbers as the drawing: each step, then the stops after it with the standard's stage name. */
function funnelTable(funnel: SegmentFunnel, id: string): Html {
  const row = (name: Html | string, count: number, percent: number, stop: boolean): Html =>
    html`<tr${stop ? html` class="stop"` : ''}><th scope="row">${name}</th><td>${count}</td><td>${percent}%</td></tr>`;
  return html`<table class="funnel-table" id="${id}"><caption>${funnel.title}: the flows that reached each stage, and where the others stopped</caption>
<thead><tr><th scope="col">Stage</th><th scope="col">Flows</th><th scope="col">Share of started</th></tr></thead>
<tbody>${funnel.bars.map(
    (bar) =>
      html`${row(STEP_WORDS[bar.step], bar.count, bar.percent, false)}${bar.stopsAfter.map((stop) =>
        row(html`${STOP_WORDS[stop.stage]} (<code>${stop.stage}</code>)`, stop.count, stop.percent, true),
      )}`,
  )}</tbody></table>`;
}

/** One group's funnel: its heading, the drawing and the table; a sentence when no flow of it ended. */
function funnelFigure(funnel: SegmentFunnel, level: 'h2' | 'h3', id: string): Html {
  const heading = level === 'h2' ? html`<h2 id="${id}-heading">${funnel.title}</h2>` : html`<h3 id="${id}-heading">${funnel.title}</h3>`;
  const started = funnel.bars[0]?.count ?? 0;
  const body =
    started === 0
      ? html`<p>No flow of this group ended in these days.</p>`
      : html`<div class="funnel">${funnelSvg(funnel.bars)}${funnelTable(funnel, `${id}-table`)}</div>`;
  return html`<section aria-labelledby="${id}-heading">${heading}${body}</section>`;
}

/** The page: all flows, then new and amended, then by customer type. */
export function funnelPage(
  funnels: { all: SegmentFunnel; byConsentKind: readonly SegmentFunnel[]; byCustomerType: readonly SegmentFunnel[] },
  nowMs: number,
): string {
  const from = aestDate.format(nowMs - DAYS_BEFORE_TODAY * DAY_MS);
  const to = aestDate.format(nowMs);
  const group = (funnel: SegmentFunnel, index: number, prefix: string): Html => funnelFigure(funnel, 'h3', `${prefix}-${index}`);
  return htmlPage(
    'Where customers give up',
    html`<h1>Where customers give up</h1>
<p>The consent flows that ended from ${from} to ${to} (AEST days), as this bank's Get Metrics counts them (<a href="/cds-au/v1/admin/metrics"><code>GET /cds-au/v1/admin/metrics</code></a>). Each bar: the flows that reached a stage, and their share of those started; in red, where the others stopped (the largest loss in bold).</p>
<p class="hint">Started: the flows this bank saw end, with its own decision or the consent app's flow event (authorised + abandoned). The customer type is known once a profile is chosen.</p>
${funnelFigure(funnels.all, 'h2', 'all')}
<section aria-labelledby="kind-heading"><h2 id="kind-heading">New and amended</h2>${funnels.byConsentKind.map((funnel, index) => group(funnel, index, 'kind'))}</section>
<section aria-labelledby="type-heading"><h2 id="type-heading">Individual and non-individual</h2>${funnels.byCustomerType.map((funnel, index) => group(funnel, index, 'type'))}</section>
<p><a href="/recipient/">Back to the recipient simulator</a></p>`,
  );
}

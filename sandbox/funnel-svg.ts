// The funnel as an inline SVG drawn on the server (issue 35 item 3): no chart library and no
// script (the sandbox's CSP, DESIGN §4), its colours from the simulator's stylesheet. Hidden from
// screen readers: the table beside it holds the same numbers.
import { html, type Html } from './html-page';
import type { FunnelBar } from './funnel';
import { STEP_WORDS, STOP_SHORT_WORDS } from './funnel-words';

/** The drawing's width in its own units: about a phone's width, so that its text stays readable at 320 px. */
const WIDTH = 320;
const BAR_HEIGHT = 16;
const LINE = 18;

/** One funnel: each step's name, its count and share of started, a centred bar, then the stops after it (the largest in bold). */
export function funnelSvg(bars: readonly FunnelBar[]): Html {
  const started = bars[0]?.count ?? 0;
  let y = 0;
  const parts = bars.map((bar) => {
    const width = started === 0 ? 0 : Math.max(bar.count === 0 ? 0 : 2, Math.round((WIDTH * bar.count) / started));
    const labelY = (y += LINE - 2);
    const barY = (y += 4);
    y += BAR_HEIGHT;
    const stops = bar.stopsAfter
      .filter((stop) => stop.count > 0)
      .map(
        (stop) =>
          html`<text x="0" y="${(y += LINE)}" class="funnel-stop${stop.largest ? ' funnel-largest' : ''}">↓ ${stop.count} (${stop.percent}%) ${STOP_SHORT_WORDS[stop.stage]}</text>`,
      );
    y += 8;
    return html`<text x="0" y="${labelY}" class="funnel-label">${STEP_WORDS[bar.step]}</text><text x="${WIDTH}" y="${labelY}" text-anchor="end" class="funnel-label">${bar.count} (${bar.percent}%)</text>
<rect x="0" y="${barY}" width="${WIDTH}" height="${BAR_HEIGHT}" class="funnel-track"/><rect x="${(WIDTH - width) / 2}" y="${barY}" width="${width}" height="${BAR_HEIGHT}" class="funnel-bar"/>
${stops}`;
  });
  return html`<svg class="funnel-chart" viewBox="0 0 ${WIDTH} ${y}" width="${WIDTH}" height="${y}" aria-hidden="true" focusable="false">${parts}</svg>`;
}

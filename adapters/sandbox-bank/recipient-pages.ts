// The recipient simulator's pages: start or amend an arrangement, and see what came back.
import { SCOPES } from '../../domain/scopes';
import { html, htmlPage, type Html } from './html-page';
import type { Persona } from './personas';
import type { Arrangement } from './sandbox-records';
import { MAX_SHARING_MONTHS } from './sharing-period';
import { DEFAULT_TPP_NAME } from './recipient-simulator';
import { SANDBOX_BRANDS } from './sandbox-config';

/** The scopes a new arrangement asks for unless the person changes them. */
const DEFAULT_SCOPES: readonly string[] = ['bank:accounts.basic:read', 'bank:transactions:read', 'common:customer.basic:read'];

const date = (seconds: number | undefined): string =>
  seconds === undefined ? 'once-off' : new Date(seconds * 1000).toISOString().slice(0, 10);

function scopeBoxes(checked: readonly string[]): Html {
  return html`<fieldset><legend>Scopes</legend>${SCOPES.map(
    (scope) => html`<label class="choice"><input type="checkbox" name="scope" value="${scope}"${checked.includes(scope) ? html` checked` : ''}> ${scope}</label>`,
  )}</fieldset>`;
}

function durationFields(months: number | undefined): Html {
  return html`<fieldset><legend>Sharing duration</legend>
<label class="choice"><input type="radio" name="duration" value="once-off"${months === undefined ? html` checked` : ''}> Once-off</label>
<label class="choice"><input type="radio" name="duration" value="months"${months === undefined ? '' : html` checked`}> Ongoing, for
<input type="number" name="months" min="1" max="999" value="${months ?? MAX_SHARING_MONTHS}" aria-label="Months"> months</label>
<p class="hint">More than ${MAX_SHARING_MONTHS} months is capped at ${MAX_SHARING_MONTHS}.</p>
</fieldset>`;
}

function arrangementTable(arrangements: readonly Arrangement[]): Html {
  if (arrangements.length === 0) return html`<p>No arrangement yet: start one above and confirm it in the consent app.</p>`;
  return html`<table><thead><tr><th scope="col">cdr_arrangement_id</th><th scope="col">Customer</th><th scope="col">Profile</th><th scope="col">Scopes</th><th scope="col">Accounts</th><th scope="col">Period</th><th scope="col">Description</th><th scope="col"></th></tr></thead><tbody>${arrangements.map(
    (arrangement) => html`<tr><td><code>${arrangement.id}</code></td><td>${arrangement.owner}</td><td>${arrangement.profileId}</td><td>${arrangement.scopes.join(', ')}</td><td>${arrangement.accounts.length}</td><td>${date(arrangement.sharingStart)} to ${date(arrangement.sharingExpires)}</td><td>${arrangement.nickname ?? ''}</td><td><a href="/recipient/amend/${encodeURIComponent(arrangement.id)}">Amend</a></td></tr>`,
  )}</tbody></table>`;
}

/** The simulator's home page: a new arrangement form, the earlier arrangements, the personas. */
export function simulatorHomePage(personas: readonly Persona[], arrangements: readonly Arrangement[]): string {
  return htmlPage(
    'Recipient simulator',
    html`<h1>Recipient simulator</h1>
<p>This page plays a data recipient (the third party). Ask for consent, then log in to the consent app as one of the personas below with secure code <code>123456</code> (date of birth 25/12/1966 when asked).</p>
<section aria-labelledby="start-heading"><h2 id="start-heading">Start a new arrangement</h2>
<form method="post" action="/recipient/start">
<label for="persona">Persona you will log in as (a hint)</label>
<select id="persona" name="persona"><option value="">(any)</option>${personas.map((persona) => html`<option value="${persona.username}">${persona.username}</option>`)}</select>
<label for="tppName">Recipient name</label>
<input id="tppName" name="tppName" value="${DEFAULT_TPP_NAME}" maxlength="80" required>
<label for="brand">Bank brand (SCENARIOS: the sandbox runs two)</label>
<select id="brand" name="brand">${SANDBOX_BRANDS.map((brand) => html`<option value="${brand.id}">${brand.displayName}</option>`)}</select>
${scopeBoxes(DEFAULT_SCOPES)}
${durationFields(MAX_SHARING_MONTHS)}
<button type="submit">Start</button>
</form></section>
<section aria-labelledby="arrangements-heading"><h2 id="arrangements-heading">Earlier arrangements</h2>${arrangementTable(arrangements)}</section>
<section aria-labelledby="personas-heading"><h2 id="personas-heading">Personas</h2>
<table><thead><tr><th scope="col">Username</th><th scope="col">What it shows</th></tr></thead><tbody>${personas.map(
      (persona) => html`<tr><td><code>${persona.username}</code></td><td>${persona.shows}</td></tr>`,
    )}</tbody></table></section>`,
  );
}

/** The amend page of one arrangement: its scopes pre-ticked (more may be added) and a new period. */
export function amendPage(arrangement: Arrangement): string {
  return htmlPage(
    'Amend an arrangement',
    html`<h1>Amend arrangement <code>${arrangement.id}</code></h1>
<p>Customer <code>${arrangement.owner}</code>, profile ${arrangement.profileId}; ${arrangement.accounts.length} accounts shared (they will be pre-selected); period ${date(arrangement.sharingStart)} to ${date(arrangement.sharingExpires)}.</p>
<form method="post" action="/recipient/amend/${encodeURIComponent(arrangement.id)}">
${scopeBoxes(arrangement.scopes)}
${durationFields(MAX_SHARING_MONTHS)}
<button type="submit">Amend</button>
</form>
<p><a href="/recipient/">Back to the recipient simulator</a></p>`,
  );
}

/** The callback page that forwards the URL fragment (CONTRACT §6) to the server with an external script. */
export function callbackForwardPage(): string {
  return htmlPage(
    'Reading the answer',
    html`<h1>Reading the answer…</h1><noscript><p>The answer is in the address's fragment (after #), which only a script can read. Turn on JavaScript to see it.</p></noscript>`,
    ['/recipient/assets/callback.js'],
  );
}

/** One check the simulator made on what came back. */
export interface ReturnCheck {
  readonly label: string;
  readonly passed: boolean;
  readonly detail: string;
}

/** What came back from the consent app, ready to show. */
export interface ReturnView {
  readonly heading: string;
  readonly values: readonly { readonly label: string; readonly value: string }[];
  readonly checks: readonly ReturnCheck[];
  readonly claims?: Readonly<Record<string, unknown>>;
  readonly arrangementId?: string;
}

/** The callback result page: the values, the checks (state, signature, hashes) and the verified claims. */
export function callbackResultPage(view: ReturnView): string {
  return htmlPage(
    view.heading,
    html`<h1>${view.heading}</h1>
<dl>${view.values.map((item) => html`<dt>${item.label}</dt><dd><code class="wrap">${item.value}</code></dd>`)}</dl>
<h2>Checks</h2>
<ul class="checks">${view.checks.map((check) => html`<li class="${check.passed ? 'passed' : 'failed'}"><strong>${check.passed ? 'OK' : 'FAILED'}</strong> ${check.label}: ${check.detail}</li>`)}</ul>
${view.claims === undefined ? '' : html`<h2>Verified claims</h2><pre class="wrap">${JSON.stringify(view.claims, undefined, 2)}</pre>`}
${view.arrangementId === undefined ? '' : html`<p><a href="/recipient/amend/${encodeURIComponent(view.arrangementId)}">Amend this arrangement</a></p>`}
<p><a href="/recipient/">Back to the recipient simulator</a></p>`,
  );
}

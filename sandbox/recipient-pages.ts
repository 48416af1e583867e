// The recipient simulator's pages: start or amend an arrangement, and see what came back.
import { DATA_SCOPES } from './scopes';
import { html, htmlPage, type Html } from './html-page';
import type { RawAccount } from '../contract/customer-auth.wire';
import type { Persona } from './personas';
import type { Arrangement } from './sandbox-records';
import { MAX_SHARING_MONTHS } from './sharing-period';
import { DEFAULT_TPP_NAME, RECIPIENT_CALLBACK_PATH } from './recipient-simulator';
import { accountsText, claimTimes, countAccounts, sharingPeriodText } from './recipient-view';
import { SANDBOX_BRANDS } from './sandbox-config';

/** The scopes a new arrangement asks for unless the person changes them. */
const DEFAULT_SCOPES: readonly string[] = ['bank:accounts.basic:read', 'bank:transactions:read', 'common:customer.basic:read'];

/** The accounts the arrangement's owner holds in its profile (to count a multi-currency account once). */
const heldAccounts = (personas: readonly Persona[], arrangement: Arrangement): readonly RawAccount[] =>
  personas.find((persona) => persona.username === arrangement.owner)?.profiles.find((profile) => profile.companyId === arrangement.profileId)?.accounts ?? [];

const arrangementAccounts = (personas: readonly Persona[], arrangement: Arrangement): string =>
  accountsText(countAccounts(arrangement.accounts, heldAccounts(personas, arrangement)));

function scopeBoxes(checked: readonly string[]): Html {
  return html`<fieldset><legend>Scopes</legend>${DATA_SCOPES.map(
    (scope) =>
      html`<label class="choice"><input type="checkbox" name="scope" value="${scope}"${checked.includes(scope) ? html` checked` : ''}> ${scope}</label>`,
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

/** An arrangement's actions: Amend and Revoke, or the word Revoked (issue 35 item 2). */
function arrangementActions(arrangement: Arrangement): Html {
  if (arrangement.revokedAtMs !== undefined) return html`Revoked`;
  const id = encodeURIComponent(arrangement.id);
  return html`<a href="/recipient/amend/${id}">Amend<span class="visually-hidden"> ${arrangement.id}</span></a> <form method="post" action="/recipient/revoke/${id}" class="inline"><button type="submit">Revoke<span class="visually-hidden"> ${arrangement.id}</span></button></form>`;
}

/**
 * The earlier arrangements. Each cell carries its column's name (data-label), so that under
 * 40rem the stylesheet stacks a row's cells with their names instead of scrolling sideways.
 */
function arrangementTable(arrangements: readonly Arrangement[], personas: readonly Persona[]): Html {
  if (arrangements.length === 0) return html`<p>No arrangement yet: start one above and confirm it in the consent app.</p>`;
  return html`<table class="stacking"><caption class="hint">Dates in Sydney time, as the consent app shows them. A multi-currency account counts once.</caption><thead><tr><th scope="col">cdr_arrangement_id</th><th scope="col">Customer</th><th scope="col">Profile</th><th scope="col">Scopes</th><th scope="col">Accounts</th><th scope="col">Period</th><th scope="col">Description</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead><tbody>${arrangements.map(
    (arrangement) =>
      html`<tr><td data-label="cdr_arrangement_id"><code>${arrangement.id}</code></td><td data-label="Customer">${arrangement.owner}</td><td data-label="Profile">${arrangement.profileId}</td><td data-label="Scopes">${arrangement.scopes.join(', ')}</td><td data-label="Accounts">${arrangementAccounts(personas, arrangement)}</td><td data-label="Period">${sharingPeriodText(arrangement.sharingStart, arrangement.sharingExpires)}</td><td data-label="Description">${arrangement.nickname ?? ''}</td><td data-label="Action">${arrangementActions(arrangement)}</td></tr>`,
  )}</tbody></table>`;
}

/** What a recipient does to integrate, in five lines (CONTRACT §1, §6). */
function howToIntegrate(): Html {
  return html`<section class="integrate" aria-labelledby="integrate-heading"><h2 id="integrate-heading">How to integrate</h2>
<ol>
<li>Send the customer to the consent app with a signed <code>redirectJwt</code> (CONTRACT §1): <strong>Start</strong> below signs one for you, with <code>redirectUri</code> <code>${RECIPIENT_CALLBACK_PATH}</code> and a fresh <code>state</code>.</li>
<li>Approved: the customer comes back to <code>redirectUri#code=…&amp;state=…&amp;id_token=…</code> (in the fragment, which only a script reads), or <code>?response=…</code> (JARM). Check <code>state</code> and verify the <code>id_token</code> against <code>/.well-known/jwks.json</code> (its <code>c_hash</code> and <code>s_hash</code> too); <code>cdr_arrangement_id</code> names the arrangement.</li>
<li>Not approved: <code>?error=access_denied&amp;respCode=401&amp;respMessage=Authentication%20failure&amp;state=…</code>, whatever the reason, a customer's Cancel included.</li>
<li>No parameters at all: the outcome is unclear (see the result page), not a refusal.</li>
<li>To amend, start from an arrangement below (<strong>Amend</strong>): the token carries its <code>cdr_arrangement_id</code>.</li>
</ol></section>`;
}

/** The simulator's home page: a new arrangement form, the earlier arrangements, the personas. */
export function simulatorHomePage(personas: readonly Persona[], arrangements: readonly Arrangement[]): string {
  return htmlPage(
    'Recipient simulator',
    html`<h1>Recipient simulator</h1>
<p>This page plays a data recipient (the third party). Ask for consent, then log in to the consent app as one of the personas below with secure code <code>123456</code> (date of birth 25/12/1966 when asked).</p>
${howToIntegrate()}
<p><a href="/recipient/funnel">Where customers give up</a>: the funnel of the last eight days' consent flows, from Get Metrics.</p>
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
<section aria-labelledby="arrangements-heading"><h2 id="arrangements-heading">Earlier arrangements</h2>${arrangementTable(arrangements, personas)}</section>
<section aria-labelledby="personas-heading"><h2 id="personas-heading">Personas</h2>
<table class="stacking"><thead><tr><th scope="col">Username</th><th scope="col">What it shows</th></tr></thead><tbody>${personas.map(
      (persona) => html`<tr><td data-label="Username"><code>${persona.username}</code></td><td data-label="What it shows">${persona.shows}</td></tr>`,
    )}</tbody></table></section>`,
  );
}

/** The amend page of one arrangement: its scopes pre-ticked (more may be added) and a new period. */
export function amendPage(arrangement: Arrangement, personas: readonly Persona[]): string {
  return htmlPage(
    'Amend an arrangement',
    html`<h1>Amend arrangement <code>${arrangement.id}</code></h1>
<p>Customer <code>${arrangement.owner}</code>, profile ${arrangement.profileId}; ${arrangementAccounts(personas, arrangement)} shared (they will be pre-selected); period ${sharingPeriodText(arrangement.sharingStart, arrangement.sharingExpires)} (Sydney time).</p>
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
  /** What this return means for the recipient, and what to do (CONTRACT §6, DESIGN §3.11). */
  readonly meaning: readonly string[];
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
<section class="meaning" aria-labelledby="meaning-heading"><h2 id="meaning-heading">What this means</h2>${view.meaning.map((paragraph) => html`<p>${paragraph}</p>`)}</section>
<dl>${view.values.map((item) => html`<dt>${item.label}</dt><dd><code class="wrap">${item.value}</code></dd>`)}</dl>
<h2>Checks</h2>
<ul class="checks">${view.checks.map((check) => html`<li class="${check.passed ? 'passed' : 'failed'}"><strong>${check.passed ? 'OK' : 'FAILED'}</strong> ${check.label}: ${check.detail}</li>`)}</ul>
${
  view.claims === undefined
    ? ''
    : html`<h2>Verified claims</h2><pre class="wrap">${JSON.stringify(view.claims, undefined, 2)}</pre>
<h3>Their times, in Sydney time</h3><dl class="claim-times">${claimTimes(view.claims).map((time) => html`<dt><code>${time.claim}</code> ${time.seconds}</dt><dd>${time.readable}</dd>`)}</dl>`
}
${view.arrangementId === undefined ? '' : html`<p><a href="/recipient/amend/${encodeURIComponent(view.arrangementId)}">Amend this arrangement</a></p>`}
<p><a href="/recipient/">Back to the recipient simulator</a></p>`,
  );
}

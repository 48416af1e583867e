import { copy } from '../domain/copy';
import { ADDRESS_FAILURE_ROUTES } from '../domain/flow-start';
import {
  BRAND_ATTRIBUTE,
  decisionKeyName,
  EARLY_ACTION_ATTRIBUTE,
  ENTRY_ATTRIBUTE,
  ENTRY_CONFIG_ID,
  REDIRECT_JWT_KEY,
  REDIRECT_JWT_PARAM,
} from './browser-address-names';

export { ENTRY_ATTRIBUTE };

/**
 * The entry page's one inline script (docs/prerendered-login.md). It runs in `<head>`, before
 * the body is parsed, so before the first paint:
 * - issue 15: it says whether the launch will land on the pre-rendered login form. A launch that
 *   will not (an error route, no token, a token that is not a JWT or has expired, a decision to
 *   replay after a reload: domain/flow-start.ts `onLaunched`) gets `data-entry="elsewhere"`, so
 *   the stylesheet shows the loading screen and never flashes the form (nor its window title).
 *   It reads what the app reads (the path's last segment, `redirectJwt`, the tab's session
 *   storage); it cannot check the token's signature, which needs the bank's keys: a forged but
 *   well-formed token shows the form until the app has verified it.
 * - issue 20 "the first paint is already the bank's": it reads the token's brand and, when the
 *   page carries that brand (`#entry-config`, the build's config.json), sets `data-brand`, by
 *   which the stylesheet shows that brand's logo and colours. A brand the page does not carry
 *   would fail verification (spec §2 incorrect_jwt): such a launch gets the loading screen.
 * - issue 20 "an early Continue is not lost": until the app takes the form over (it removes
 *   `data-entry`), a press of Continue (any submit, Enter included), Cancel or a help link
 *   (`data-early-action`) is kept in `data-early-action`, acknowledged in the form's status line
 *   and never sent; the app carries it out once the login step is shown.
 * Inline, so it runs first; the CSP allows it by its hash alone (web-security-headers.ts).
 * Written in ES5 with no dependency: it runs before anything loads.
 */
export const ENTRY_SCRIPT = [
  '(function(){var html=document.documentElement,entry="elsewhere";try{',
  'var segment=location.pathname.split("/").filter(function(s){return s!==""}).pop()||"",route;',
  'try{route=decodeURIComponent(segment)}catch(e){route=segment}',
  'var storage=null;try{storage=window.sessionStorage}catch(e){}',
  `var token=new URLSearchParams(location.search).get(${JSON.stringify(REDIRECT_JWT_PARAM)})||(storage&&storage.getItem(${JSON.stringify(REDIRECT_JWT_KEY)}));`,
  `if(${JSON.stringify(ADDRESS_FAILURE_ROUTES)}.indexOf(route)<0&&token&&!(storage&&storage.getItem(${JSON.stringify(decisionKeyName('approve'))}))){`,
  'var parts=token.split(".");',
  'var claims=JSON.parse(atob(parts[1].replace(/-/g,"+").replace(/_/g,"/")));',
  `var brands=JSON.parse(document.getElementById(${JSON.stringify(ENTRY_CONFIG_ID)}).textContent).brands.map(function(b){return String(typeof b==="string"?b:b.id).toLowerCase()});`,
  'var brand=claims!==null&&typeof claims.brand==="string"?claims.brand.toLowerCase():"";',
  'if(parts.length===3&&claims!==null&&typeof claims.exp==="number"&&claims.exp*1000>Date.now()&&brands.indexOf(brand)>=0){',
  `entry="login";html.setAttribute(${JSON.stringify(BRAND_ATTRIBUTE)},brand)}}`,
  `}catch(e){}html.setAttribute(${JSON.stringify(ENTRY_ATTRIBUTE)},entry);`,
  `if(entry!=="login"){document.title=${JSON.stringify(copy.shell.loadingTitle)};return}`,
  'function early(event,action){',
  `if(html.getAttribute(${JSON.stringify(ENTRY_ATTRIBUTE)})!=="login")return;`,
  `event.preventDefault();html.setAttribute(${JSON.stringify(EARLY_ACTION_ATTRIBUTE)},action);`,
  `var ack=document.querySelector(".login-ack");if(ack&&ack.textContent==="")ack.textContent=${JSON.stringify(copy.login.earlyAck)}}`,
  'document.addEventListener("submit",function(e){early(e,"submit")},true);',
  'document.addEventListener("click",function(e){var t=e.target&&e.target.closest?e.target.closest("[data-early-action]"):null;',
  'if(t)early(e,t.getAttribute("data-early-action"))},true)})()',
].join('');

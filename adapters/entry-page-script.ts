import { copy } from '../domain/copy';
import { ADDRESS_FAILURE_ROUTES } from '../domain/flow-start';
import {
  BRAND_ATTRIBUTE,
  decisionKeyName,
  EARLY_ACTION_ATTRIBUTE,
  ENTRY_ATTRIBUTE,
  ENTRY_CONFIG_ID,
  ENTRY_KEPT_KEY,
  ENTRY_RELOADS_KEY,
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
 * - issue 20 "a file lost at load": when the app's module script (or a file it imports) fails to
 *   load, the app would never start. The page is loaded again, once the device is online (at
 *   most twice), keeping what was typed and pressed in the tab's session storage for the
 *   reload, which puts it back in the form; after two tries the form says so
 *   (`copy.login.pageNotLoaded`) and keeps what was typed.
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
  `function taking(){return html.getAttribute(${JSON.stringify(ENTRY_ATTRIBUTE)})==="login"}`,
  'function say(text,always){var ack=document.querySelector(".login-ack");if(ack&&(always||ack.textContent===""))ack.textContent=text}',
  `function keep(action){html.setAttribute(${JSON.stringify(EARLY_ACTION_ATTRIBUTE)},action);say(${JSON.stringify(copy.login.earlyAck)})}`,
  'function early(event,action){if(!taking())return;event.preventDefault();keep(action)}',
  'document.addEventListener("submit",function(e){early(e,"submit")},true);',
  'document.addEventListener("click",function(e){var t=e.target&&e.target.closest?e.target.closest("[data-early-action]"):null;',
  'if(t)early(e,t.getAttribute("data-early-action"))},true);',
  // A file lost at load: what the reload keeps is put back once the form is parsed.
  `var KEPT=${JSON.stringify(ENTRY_KEPT_KEY)},RELOADS=${JSON.stringify(ENTRY_RELOADS_KEY)};`,
  'document.addEventListener("DOMContentLoaded",function(){var s=storage&&storage.getItem(KEPT);if(!s)return;storage.removeItem(KEPT);',
  'try{var d=JSON.parse(s),f=document.querySelector("form");for(var n in d.fields){var i=f&&f.elements[n];if(i&&i.value==="")i.value=d.fields[n]}',
  'if(d.action&&taking())keep(d.action)}catch(e){}});',
  'document.addEventListener("error",function(e){var t=e.target;if(!t||t.tagName!=="SCRIPT"||!taking())return;',
  'var tries=Number(storage&&storage.getItem(RELOADS))||0;',
  `if(!storage||tries>=2){say(${JSON.stringify(copy.login.pageNotLoaded)},true);return}`,
  'var again=function(){again=function(){};var f=document.querySelector("form"),d={fields:{},action:html.getAttribute(' +
    `${JSON.stringify(EARLY_ACTION_ATTRIBUTE)})};`,
  'if(f)for(var k=0;k<f.elements.length;k++){var i=f.elements[k];if(i.name&&i.value)d.fields[i.name]=i.value}',
  'storage.setItem(KEPT,JSON.stringify(d));storage.setItem(RELOADS,String(tries+1));location.reload()};',
  'if(navigator.onLine===false)window.addEventListener("online",function(){again()});else setTimeout(function(){again()},1000)},true)})()',
].join('');

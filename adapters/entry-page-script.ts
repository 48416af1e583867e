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

/** Issue 32: the entry page reloads after a lost file only once the customer has not typed or pressed for this long. */
const RELOAD_AFTER_QUIET_MS = 1000;

/**
 * The entry page's one inline script (docs/prerendered-login.md), run in `<head>` before the first paint:
 * - issue 15: a launch that will not land on the pre-rendered form (as domain/flow-start.ts
 *   `onLaunched` decides) gets `data-entry="elsewhere"`, so the form never flashes. It cannot
 *   check the signature (that needs the bank's keys): a forged but well-formed token shows the
 *   form until the app has verified it.
 * - issue 20 "the first paint is already the bank's": `data-brand` when the page carries the
 *   token's brand; one it does not would fail verification (spec §2 incorrect_jwt).
 * - issue 20 "an early Continue is not lost": until the app removes `data-entry`, a press is kept
 *   in `data-early-action`, acknowledged and never sent; the app carries it out.
 * - issue 20 "a file lost at load": the page is loaded again once online (at most twice), what
 *   was typed kept in session storage; then the form says so (`copy.login.pageNotLoaded`).
 *   Issue 32: not while the customer types, and the text, focus and caret are back before the
 *   app's scripts arrive.
 * ES5 with no dependency, since it runs before anything loads; the CSP allows it by its hash.
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
  // A file lost at load: what the reload keeps is put back as soon as the form is parsed (readyState
  // "interactive", before the app's module scripts arrive; DOMContentLoaded waits for them), with the
  // focus and the caret in the field they were in; the reload waits for a second with no key or
  // press, so that it never falls between two keystrokes.
  `var KEPT=${JSON.stringify(ENTRY_KEPT_KEY)},RELOADS=${JSON.stringify(ENTRY_RELOADS_KEY)},QUIET=${RELOAD_AFTER_QUIET_MS},last=0;`,
  'function touched(){last=Date.now()}',
  'document.addEventListener("keydown",touched,true);document.addEventListener("input",touched,true);document.addEventListener("pointerdown",touched,true);',
  'function whenQuiet(run){var idle=Date.now()-last;if(idle>=QUIET)run();else setTimeout(function(){whenQuiet(run)},QUIET-idle)}',
  'document.addEventListener("readystatechange",function(){if(document.readyState!=="interactive")return;var s=storage&&storage.getItem(KEPT);if(!s)return;storage.removeItem(KEPT);',
  'try{var d=JSON.parse(s),f=document.querySelector("form");for(var n in d.fields){var i=f&&f.elements[n];if(i&&i.value==="")i.value=d.fields[n]}',
  'var at=d.focus&&f&&f.elements[d.focus];if(at&&at.focus){at.focus();try{at.setSelectionRange(at.value.length,at.value.length)}catch(e){}}',
  'if(d.action&&taking())keep(d.action)}catch(e){}});',
  'document.addEventListener("error",function(e){var t=e.target;if(!t||t.tagName!=="SCRIPT"||!taking())return;',
  'var tries=Number(storage&&storage.getItem(RELOADS))||0;',
  `if(!storage||tries>=2){say(${JSON.stringify(copy.login.pageNotLoaded)},true);return}`,
  'var again=function(){again=function(){};var f=document.querySelector("form"),a=document.activeElement,d={fields:{},action:html.getAttribute(' +
    `${JSON.stringify(EARLY_ACTION_ATTRIBUTE)}),focus:a&&f&&a.form===f&&a.name?a.name:""};`,
  'if(f)for(var k=0;k<f.elements.length;k++){var i=f.elements[k];if(i.name&&i.value)d.fields[i.name]=i.value}',
  'storage.setItem(KEPT,JSON.stringify(d));storage.setItem(RELOADS,String(tries+1));location.reload()};',
  'if(navigator.onLine===false)window.addEventListener("online",function(){whenQuiet(again)});else setTimeout(function(){whenQuiet(again)},1000)},true)})()',
].join('');

import { copy } from '../domain/copy';
import { ADDRESS_FAILURE_ROUTES } from '../domain/flow-start';
import { decisionKeyName, ENTRY_ATTRIBUTE, REDIRECT_JWT_KEY, REDIRECT_JWT_PARAM } from './browser-address-names';

export { ENTRY_ATTRIBUTE };

/**
 * Issue 15: the entry page carries the login form (pre-rendered at build time). Before the first
 * paint, this script says whether the launch will land on it, so that a launch that will not
 * (an error route, no token, a token that is not a JWT or has expired, a decision to replay
 * after a reload: domain/flow-start.ts `onLaunched`) shows the loading screen instead and never
 * flashes the form (nor its window title). It reads what the app reads (the path's last segment, `redirectJwt`, the
 * tab's session storage); it cannot check the token's signature, which needs the bank's keys:
 * a forged but well-formed token shows the form until the app has verified it (docs/prerendered-login.md).
 * Inline, so it runs before the body is parsed; the CSP allows it by its hash alone
 * (web-security-headers.ts `ENTRY_SCRIPT_HASH_SOURCE`). Written in ES5 with no dependency: it runs before anything loads.
 */
export const ENTRY_SCRIPT = [
  '(function(){var entry="elsewhere";try{',
  'var segment=location.pathname.split("/").filter(function(s){return s!==""}).pop()||"",route;',
  'try{route=decodeURIComponent(segment)}catch(e){route=segment}',
  'var storage=null;try{storage=window.sessionStorage}catch(e){}',
  `var token=new URLSearchParams(location.search).get(${JSON.stringify(REDIRECT_JWT_PARAM)})||(storage&&storage.getItem(${JSON.stringify(REDIRECT_JWT_KEY)}));`,
  `if(${JSON.stringify(ADDRESS_FAILURE_ROUTES)}.indexOf(route)<0&&token&&!(storage&&storage.getItem(${JSON.stringify(decisionKeyName('approve'))}))){`,
  'var parts=token.split(".");',
  'var claims=JSON.parse(atob(parts[1].replace(/-/g,"+").replace(/_/g,"/")));',
  'if(parts.length===3&&claims!==null&&typeof claims.exp==="number"&&claims.exp*1000>Date.now())entry="login"}',
  `}catch(e){}document.documentElement.setAttribute(${JSON.stringify(ENTRY_ATTRIBUTE)},entry);`,
  `if(entry!=="login")document.title=${JSON.stringify(copy.shell.loadingTitle)}})()`,
].join('');

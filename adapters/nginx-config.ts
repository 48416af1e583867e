// The production nginx configuration of DESIGN §4, rendered from web-security-headers.ts so the
// header values served by nginx can never drift from the sandbox's. The build writes it beside
// the site it builds (esbuild.config.mjs: dist-nginx/ for dist/), because its CSP allows the
// entry page's inline script and stylesheet by their hashes, which change with them (issue 20).
import {
  HASHED_ASSETS_PREFIX,
  IMMUTABLE_ASSET_CACHE_CONTROL,
  NO_STORE_CACHE_CONTROL,
  securityHeaders,
  type InlineSources,
} from '../contract/web-security-headers';
import { nginxQuoted } from './nginx-quoted';

/** Where deploy/nginx/*.conf expects its include files, relative to nginx's configuration directory. */
const NGINX_INCLUDE_DIR = 'consent-app';

/** The include path of the security headers, used by the server block and by every location. */
const NGINX_SECURITY_HEADERS_INCLUDE = `${NGINX_INCLUDE_DIR}/security-headers.conf`;

/** Optional extras (brotli): a glob, so nothing needs to be there for nginx to start. */
const NGINX_OPTIONAL_INCLUDE = `${NGINX_INCLUDE_DIR}/optional/*.conf`;

/** Placeholder of the server block for the absolute path of the built dist/ directory. */
const NGINX_DIST_PLACEHOLDER = '__DIST__';

/** Placeholder of the server block for the `listen` value: a port (8080) or address:port (127.0.0.1:8080). */
const NGINX_LISTEN_PLACEHOLDER = '__LISTEN__';

/**
 * Placeholder of security-headers.conf for the deployment's CSP report address (CONTRACT §2
 * `config.cspReportUri`): the bank's report collector, an https URL (or a path this server proxies).
 */
const NGINX_CSP_REPORT_URI_PLACEHOLDER = '__CSP_REPORT_URI__';

/** The optional include that serves source maps (dist-nginx/source-maps.conf); without it *.map is a 404. */
const NGINX_SOURCE_MAPS_FILE = 'source-maps.conf';

/** Media types compressed on the fly (text/html always is): the build's JS, CSS, JSON and SVG. */
const NGINX_COMPRESSED_TYPES = ['text/css', 'application/javascript', 'application/json', 'image/svg+xml'] as const;

/**
 * CONTRACT §2-3: the paths the bank's backend answers on the app's origin (the customer-auth API and
 * the JWKS of config.json's jwksUri). nginx never answers them with the app: a plain 404 unless
 * the deployer routes them to the backend (a CDN path rule, or a `location ^~` in the optional include).
 */
const NGINX_BACKEND_PREFIXES = ['/customer-auth/', '/.well-known/'] as const;

/** A path prefix as a PCRE alternative (dots escaped). */
const regexOf = (prefix: string): string => prefix.replace(/^\/|\/$/g, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const GENERATED =
  '# Written by the build (adapters/nginx-config.ts, from contract/web-security-headers.ts) for\n' +
  '# the site built beside it: do not edit; build again (`npm run build`) instead.\n';

/**
 * DESIGN §4, issue 12: the headers nginx sends, the report address left as its placeholder; with
 * report-to, since the deployment is served over HTTPS (TLS at the edge).
 */
const nginxSecurityHeaders = (inline: InlineSources): Readonly<Record<string, string>> =>
  securityHeaders(inline, { uri: NGINX_CSP_REPORT_URI_PLACEHOLDER, reportingApi: true });

/**
 * DESIGN §4: one `add_header … always;` line per security header, so error answers carry them
 * too; the CSP allows the built entry page's inline blocks (`inline`) by their hashes.
 */
function renderNginxSecurityHeaders(inline: InlineSources): string {
  const lines = Object.entries(nginxSecurityHeaders(inline)).map(([name, value]) => `add_header ${name} ${nginxQuoted(value)} always;`);
  return (
    `${GENERATED}# DESIGN §4 security headers, included by the server block and by every location of\n` +
    '# consent-app.conf (an add_header in a location replaces every inherited one).\n' +
    `# Replace ${NGINX_CSP_REPORT_URI_PLACEHOLDER} (twice) with the deployment's CSP report address, config.json's\n` +
    "# cspReportUri: the bank's report collector, an https URL (the Reporting API sends only to a\n" +
    '# secure address), or a path of this origin that the optional include proxies to one.\n' +
    '# Strict-Transport-Security is not here: it belongs where TLS ends (the CDN or load balancer in\n' +
    '# front of this plain-HTTP server); if this nginx ends TLS itself, add here\n' +
    '#   add_header Strict-Transport-Security "max-age=63072000; includeSubDomains" always;\n' +
    `${lines.join('\n')}\n`
  );
}

/** The headers block every location repeats: the security headers and one Cache-Control. */
const locationHeaders = (cacheControl: string): string =>
  `        include ${NGINX_SECURITY_HEADERS_INCLUDE};\n        add_header Cache-Control ${cacheControl} always;\n`;

/**
 * DESIGN §4: the server block serving dist/: SPA fallback to index.html for every route,
 * immutable caching of found hashed assets only (like cacheControlFor), no-store for HTML,
 * configuration and errors, a plain 404 for a missing asset or configuration file, gzip.
 */
function renderNginxServer(): string {
  const noStore = nginxQuoted(NO_STORE_CACHE_CONTROL);
  const immutable = nginxQuoted(IMMUTABLE_ASSET_CACHE_CONTROL);
  return `${GENERATED}#
# The consent app's static files behind nginx (DESIGN §4). Goes in the http block (Debian:
# /etc/nginx/sites-enabled/consent-app.conf) with security-headers.conf at
# /etc/nginx/${NGINX_SECURITY_HEADERS_INCLUDE}. Replace the placeholders:
#   ${NGINX_LISTEN_PLACEHOLDER}  the listen value: a port (8080) or address:port (127.0.0.1:8080)
#   ${NGINX_DIST_PLACEHOLDER}    the absolute path of the built dist/ directory
# /etc/nginx/${NGINX_OPTIONAL_INCLUDE} is for additions: brotli.conf when Debian's
# libnginx-mod-http-brotli-filter and -static are installed, ${NGINX_SOURCE_MAPS_FILE} to serve the
# source maps (a 404 without it), proxy locations for the backend.
# security-headers.conf holds the placeholder ${NGINX_CSP_REPORT_URI_PLACEHOLDER}: the CSP report address.
# Strict-Transport-Security is sent where TLS ends (this server speaks plain HTTP behind it): see
# security-headers.conf.

# Cache-Control under ${HASHED_ASSETS_PREFIX}: immutable only for a file that was found (200, or 304 on
# revalidation), no-store for a 404 or any other error (cacheControlFor in web-security-headers.ts).
map $status $consent_app_asset_cache_control {
    200     ${immutable};
    304     ${immutable};
    default ${noStore};
}

server {
    listen ${NGINX_LISTEN_PLACEHOLDER};
    root "${NGINX_DIST_PLACEHOLDER}";
    index index.html;
    server_tokens off;
    charset utf-8;

    gzip on;
    gzip_static on;
    gzip_vary on;
    gzip_proxied any;
    gzip_comp_level 6;
    gzip_types ${NGINX_COMPRESSED_TYPES.join(' ')};
    include ${NGINX_OPTIONAL_INCLUDE};

    # Answers made outside any location (400, 414, ...): the same headers.
    include ${NGINX_SECURITY_HEADERS_INCLUDE};
    add_header Cache-Control ${noStore} always;

    # Every client-side route (/, /demo_accc_aisp, /incorrect_jwt, /authorize_failure?error=...)
    # is the app: index.html with 200, never cached.
    location / {
        try_files $uri /index.html;
${locationHeaders(noStore)}    }

    # Content-hashed JS and CSS: cached for a year; a missing file is a plain 404.
    location ${HASHED_ASSETS_PREFIX} {
        try_files $uri =404;
${locationHeaders('$consent_app_asset_cache_control')}    }

    # config.json is per environment: never cached; a missing file is a plain 404.
    location /config/ {
        try_files $uri =404;
${locationHeaders(noStore)}    }

    # The backend's paths (CONTRACT §2-3) are never answered with the app. To proxy them from this
    # server, add e.g. \`location ^~ /customer-auth/ { proxy_pass ...; }\` in ${NGINX_OPTIONAL_INCLUDE}
    # (^~ so it wins over this rule).
    location ~ ^/(${NGINX_BACKEND_PREFIXES.map(regexOf).join('|')})/ {
        return 404;
${locationHeaders(noStore)}    }

    # Dotfiles (.env, .git, ...) are never served, nor replaced by the app.
    location ~ /\\. {
        return 404;
${locationHeaders(noStore)}    }

    # Source maps would give anyone the app's whole source: a plain 404, unless the deployer puts
    # ${NGINX_SOURCE_MAPS_FILE} in ${NGINX_OPTIONAL_INCLUDE} (its location comes first, so it wins).
    location ~ \\.map$ {
        return 404;
${locationHeaders(noStore)}    }
}
`;
}

/** Optional: serve the build's source maps (a 404 without this file), cached like their scripts. */
function renderNginxSourceMaps(): string {
  return `${GENERATED}#
# Optional: serves the source maps next to the hashed scripts, which consent-app.conf answers
# with 404 without this file (they hold the app's whole source). Only where the deployer wants
# them public (a test environment). Install as /etc/nginx/${NGINX_INCLUDE_DIR}/optional/${NGINX_SOURCE_MAPS_FILE};
# consent-app.conf includes ${NGINX_OPTIONAL_INCLUDE} before its own locations, so this one wins.
location ~ ^${HASHED_ASSETS_PREFIX}[^/]+\\.map$ {
    try_files $uri =404;
    include ${NGINX_SECURITY_HEADERS_INCLUDE};
    add_header Cache-Control $consent_app_asset_cache_control always;
}
`;
}

/** Optional brotli (needs the brotli nginx modules), for the same types as gzip. */
function renderNginxBrotli(): string {
  return `${GENERATED}#
# Optional brotli compression. Only with Debian's libnginx-mod-http-brotli-filter and
# libnginx-mod-http-brotli-static installed (nginx-light has no brotli; without the modules
# nginx refuses to start with this file). Install as
# /etc/nginx/${NGINX_INCLUDE_DIR}/optional/brotli.conf; consent-app.conf includes ${NGINX_OPTIONAL_INCLUDE}.
brotli on;
brotli_static on;
brotli_comp_level 5;
brotli_types ${NGINX_COMPRESSED_TYPES.join(' ')};
`;
}

/** The nginx configuration of one build, by file name, for its entry page's inline blocks. */
export function renderNginxConfigFiles(inline: InlineSources): Readonly<Record<string, string>> {
  return {
    'consent-app.conf': renderNginxServer(),
    'security-headers.conf': renderNginxSecurityHeaders(inline),
    'brotli.conf': renderNginxBrotli(),
    [NGINX_SOURCE_MAPS_FILE]: renderNginxSourceMaps(),
  };
}

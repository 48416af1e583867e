// The dependency rules of DESIGN §1 and §3.19, as a checker over source text.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

type Layer = 'domain' | 'application' | 'adapters' | 'ui';

/**
 * The two sides of the wire apart from the app's layers (DESIGN §3.19): the sandbox bank reads only
 * itself and the contract; the contract (the OpenAPI document, its generated types, the headers
 * every server sends) reads only itself. The app's layers never read the sandbox.
 */
type Side = 'sandbox' | 'contract';

const sideOf = (file: string): Side | undefined => {
  const top = file.split('/')[0];
  return top === 'sandbox' || top === 'contract' ? top : undefined;
};

/** What the sandbox and the contract may import by a relative path: their own folder, and the sandbox the contract too. */
const sideMayRead: Record<Side, readonly string[]> = { sandbox: ['sandbox', 'contract'], contract: ['contract'] };

/**
 * DESIGN §3.19's one exception (issue 33 item 2): the config.json the sandbox serves is checked by
 * the app's own reader when it starts, in this one file (config.json is the deployment's file,
 * not the bank's answer).
 */
const SANDBOX_CONFIG_CHECK = { file: 'sandbox/checked-config.ts', reads: 'application/runtime-config' } as const;

export interface SourceFile {
  /** Path relative to the project root, with forward slashes (e.g. `domain/accounts.ts`). */
  readonly path: string;
  readonly text: string;
}

/** The file through which ui/ may reach adapters/: the composition root. */
const COMPOSITION_ROOT = 'adapters/composition-root';

/** The terminal channel's composition root: the one way from ui/terminal/ to adapters/. */
const TERMINAL_COMPOSITION_ROOT = 'adapters/terminal/composition-root';

/** The build's composition root (issue 15): the one way from ui/web/prerender/ (the login form rendered at build time) to adapters/. */
const PRERENDER_COMPOSITION_ROOT = 'adapters/prerender/composition-root';

/**
 * Issue 34 item 3: the entry page's names (a module with no dependency and no decorator), which
 * ui/web/take-over/ may import besides the composition root: the entry script runs before any
 * composition root, and bundles only what it imports into the page.
 */
const ENTRY_PAGE_NAMES = 'adapters/browser-address-names';

/** Whether `file` may import `target` (in adapters/) besides its composition root. */
const isEntryPageName = (file: string, target: string | undefined): boolean => file.startsWith('ui/web/take-over/') && target === ENTRY_PAGE_NAMES;

/** Each channel's composition root (DESIGN §1: the domain and application are shared, the rest is the channel's own). */
function compositionRootOf(file: string): string {
  if (file.startsWith('ui/terminal/')) return TERMINAL_COMPOSITION_ROOT;
  if (file.startsWith('ui/web/prerender/')) return PRERENDER_COMPOSITION_ROOT;
  return COMPOSITION_ROOT;
}

/** What one channel may not import: the other channel's views, and (the terminal) the browser's renderer. */
function channelViolation(file: string, specifier: string, target: string | undefined): string | undefined {
  if (file.startsWith('ui/terminal/')) {
    if (packageName(specifier) === 'react-dom') return 'ui/terminal/ may not import react-dom';
    if (target?.startsWith('ui/web/') === true || target === 'ui/web') return 'ui/terminal/ may not import ui/web/';
  } else if (file.startsWith('ui/web/') || (file.startsWith('ui/') && !file.startsWith('ui/terminal/'))) {
    if (target?.startsWith('ui/terminal/') === true) return 'ui/web/ may not import ui/terminal/';
    if (target === TERMINAL_COMPOSITION_ROOT || target?.startsWith('adapters/terminal/') === true)
      return "ui/web/ may not import the terminal channel's adapters";
  }
  return undefined;
}

/** Third-party packages each layer may import (DESIGN §1). ui/ and adapters/ may import any. */
const allowedPackages: Record<'domain' | 'application', readonly string[]> = {
  domain: [],
  application: ['mobx', 'inversify'],
};

/** Ambient reads of the outside world that the domain must take as parameters instead. */
const forbiddenInDomain: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\bDate\.now\s*\(/, what: 'Date.now()' },
  { pattern: /\bnew\s+Date\s*\(\s*\)/, what: 'new Date() without a time' },
  { pattern: /\bwindow\b/, what: 'window' },
  { pattern: /\bdocument\b/, what: 'document' },
  { pattern: /\b(localStorage|sessionStorage|navigator|location|history)\b/, what: 'a browser global' },
  { pattern: /\b(setTimeout|setInterval|requestAnimationFrame)\s*\(/, what: 'a timer' },
  { pattern: /\bfetch\s*\(/, what: 'fetch' },
  { pattern: /\bMath\.random\s*\(/, what: 'Math.random()' },
  { pattern: /\bprocess\./, what: 'process' },
];

const importPattern =
  /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Comments and string contents removed, so that words in TSDoc or copy do not count as code. */
function codeOnly(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, "''");
}

export function importsOf(text: string): string[] {
  const stripped = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...stripped.matchAll(importPattern)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

const layerOf = (file: string): Layer | undefined => {
  const top = file.split('/')[0];
  return top === 'domain' || top === 'application' || top === 'adapters' || top === 'ui' ? top : undefined;
};

const packageName = (specifier: string): string =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier);

/** Every import or ambient read that points the wrong way, as readable sentences. */
export function findViolations(files: readonly SourceFile[]): string[] {
  const violations: string[] = [];
  for (const file of files) {
    const side = sideOf(file.path);
    if (side !== undefined) {
      for (const specifier of importsOf(file.text).filter((s) => s.startsWith('.'))) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file.path), specifier));
        if (file.path === SANDBOX_CONFIG_CHECK.file && target.replace(/\.ts$/, '') === SANDBOX_CONFIG_CHECK.reads) continue;
        const top = target.split('/')[0] ?? '';
        if (!sideMayRead[side].includes(top))
          violations.push(`${file.path} imports '${specifier}': ${side}/ may import only ${sideMayRead[side].map((folder) => `${folder}/`).join(' and ')}`);
      }
      continue;
    }
    const layer = layerOf(file.path);
    if (!layer) continue;
    for (const specifier of importsOf(file.text)) {
      const relative = specifier.startsWith('.');
      const target = relative ? path.posix.normalize(path.posix.join(path.posix.dirname(file.path), specifier)) : undefined;
      const targetLayer = target ? layerOf(target) : undefined;
      const where = `${file.path} imports '${specifier}'`;
      if (target !== undefined && sideOf(target) === 'sandbox') {
        violations.push(`${where}: the app may not import sandbox/ (DESIGN §3.19)`);
        continue;
      }
      if (layer === 'domain' || layer === 'application') {
        if (relative) {
          const allowedLayers: readonly (Layer | undefined)[] = layer === 'domain' ? ['domain'] : ['domain', 'application'];
          if (!allowedLayers.includes(targetLayer)) violations.push(`${where}: ${layer}/ may import only ${allowedLayers.join(' and ')}/`);
        } else if (!specifier.startsWith('node:') && allowedPackages[layer].includes(packageName(specifier))) {
          continue;
        } else {
          violations.push(`${where}: ${layer}/ may not import third-party or platform modules`);
        }
      } else if (layer === 'ui') {
        const channel = channelViolation(file.path, specifier, target?.replace(/\.tsx?$/, ''));
        if (channel !== undefined) violations.push(`${where}: ${channel}`);
        else if (
          targetLayer === 'adapters' &&
          target?.replace(/\.tsx?$/, '') !== compositionRootOf(file.path) &&
          !isEntryPageName(file.path, target?.replace(/\.tsx?$/, ''))
        ) {
          violations.push(`${where}: ui/ reaches adapters/ only through ${compositionRootOf(file.path)}`);
        }
      }
    }
    if (layer === 'domain') {
      const code = codeOnly(file.text);
      for (const { pattern, what } of forbiddenInDomain) {
        if (pattern.test(code)) violations.push(`${file.path} uses ${what}: the domain takes the outside world as parameters`);
      }
    }
  }
  return violations;
}

/** The project's TypeScript sources under the four layers, the sandbox and the contract. */
export function readSources(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(path.join(root, dir))) {
      if (name === 'node_modules') continue;
      const rel = `${dir}/${name}`;
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(name)) files.push({ path: rel, text: readFileSync(path.join(root, rel), 'utf8') });
    }
  };
  for (const folder of ['domain', 'application', 'adapters', 'ui', 'sandbox', 'contract']) walk(folder);
  return files;
}

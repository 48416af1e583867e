// Types of esbuild.config.mjs for the TypeScript that imports it (tests, benchmark).
import type { BuildOptions, Metafile } from 'esbuild';
import type { PrerenderedEntry } from './ui/web/take-over/built-page';

export type { PrerenderedEntry };
export { ENTRY_CONFIG_ID, ENTRY_LOADING_ID, LATER_STEPS_STYLESHEET_META, LOADING_TITLE } from './ui/web/take-over/built-page';

/** The files of the HTML shell, relative to assets/. */
export interface ShellFiles {
  script: string;
  stylesheet?: string | undefined;
  modulePreloads?: readonly string[] | undefined;
  /** The later steps' stylesheet, named in a meta tag for ui/shell/later-steps-stylesheet.ts. */
  laterStepsStylesheet?: string | undefined;
  /** Whether the shell preloads config.json (default true). */
  preloadConfig?: boolean | undefined;
  /** Whether the shell shows the loading screen until the app renders (default: as preloadConfig). */
  loadingScreen?: boolean | undefined;
  /** Issue 15: the pre-rendered login form, its title and the entry script (the consent app's entry only). */
  prerendered?: PrerenderedEntry | undefined;
  /** Issue 15 item 2: the bank's keys, preloaded (a path on the app's origin). */
  preloadKeys?: string | undefined;
  /** Issue 20: the first screen's stylesheet, inline (instead of linking `stylesheet`). */
  inlineStyles?: string | undefined;
}

export declare const productionOptions: BuildOptions;
export declare const LOADING_MARKUP: string;
export declare const LATER_STEPS_CSS: string;
export declare function prerenderEntry(): Promise<PrerenderedEntry>;
export declare function entryScript(): Promise<string>;
export declare function inlineStylesheet(css: string, brandStyles?: string): string;
export declare function nginxDirOf(outDir: string): string;
export declare function keysPreloadHref(rawConfig: unknown): string | undefined;
export declare function indexHtml(files: ShellFiles): string;
export declare function entryOutputs(
  metafile: Metafile,
  outdir: string,
): Required<Pick<ShellFiles, 'script' | 'modulePreloads'>> & Pick<ShellFiles, 'stylesheet' | 'laterStepsStylesheet'>;
export declare function buildApp(options?: {
  outDir?: string;
  entry?: string;
  options?: BuildOptions;
  preloadConfig?: boolean;
  /** The config.json to build with (default config/config.json; issue 33 item 2: one the app would refuse is refused, an error named ConfigRefused whose message names every problem, one a line). */
  configFile?: string;
}): Promise<Metafile>;

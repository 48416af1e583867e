// Types of esbuild.config.mjs for the TypeScript that imports it (tests, benchmark).
import type { BuildOptions, Metafile } from 'esbuild';

export declare const productionOptions: BuildOptions;
export declare function indexHtml(files: { script: string; stylesheet?: string | undefined }): string;
export declare function buildApp(options?: { outDir?: string; entry?: string; options?: BuildOptions }): Promise<Metafile>;

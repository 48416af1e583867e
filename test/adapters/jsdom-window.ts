// A jsdom window typed with the DOM lib's types (the project installs jsdom without @types/jsdom).
// @ts-expect-error -- jsdom ships no type declarations (the project installs jsdom without @types/jsdom).
import { JSDOM as UntypedJsdom } from 'jsdom';

type DomWindow = Window & typeof globalThis;

const JSDOM = UntypedJsdom as unknown as new (html: string, options: { readonly url: string }) => { readonly window: DomWindow };

/** A fresh jsdom window at `url` (not registered as a global). */
export const jsdomWindow = (url: string, html = '<!doctype html><head></head><body></body>'): DomWindow => new JSDOM(html, { url }).window;

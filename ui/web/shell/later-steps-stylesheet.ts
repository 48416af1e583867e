import { LATER_STEPS_STYLESHEET_META } from '../take-over/built-page';

const loaded = new WeakMap<Document, Promise<void>>();

/**
 * Loads the later steps' stylesheet once per document: a `<link rel="stylesheet">` after the
 * first screen's, so the cascade order of the one stylesheet is kept. Resolves when it applies;
 * with no meta tag (tests, or a build without the entry) there is nothing to load. A stylesheet
 * that fails to load rejects like a failed page module, and is tried again on the next call.
 */
export function loadLaterStepsStylesheet(doc: Document = document): Promise<void> {
  const existing = loaded.get(doc);
  if (existing !== undefined) return existing;
  const href = doc.querySelector<HTMLMetaElement>(`meta[name="${LATER_STEPS_STYLESHEET_META}"]`)?.content;
  if (href === undefined || href === '') return Promise.resolve();
  const loading = new Promise<void>((resolve, reject) => {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener(
      'error',
      () => {
        loaded.delete(doc);
        link.remove();
        reject(new Error(`The later steps' stylesheet ${href} did not load.`));
      },
      { once: true },
    );
    doc.head.append(link);
  });
  loaded.set(doc, loading);
  return loading;
}

import { renderToStaticMarkup } from 'react-dom/server';
import { LoadingPage } from '../pages/loading-page';

/** Spec §2 "Loading screen": the loading page as the entry page shows it from the first paint (esbuild.config.mjs bundles this for Node). */
export const LOADING_MARKUP = renderToStaticMarkup(<LoadingPage />);

import { expect } from 'chai';
import type { Metafile } from 'esbuild';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  entryOutputs,
  indexHtml,
  keysPreloadHref,
  LATER_STEPS_CSS,
  LATER_STEPS_STYLESHEET_META,
  LOADING_MARKUP,
  LOADING_TITLE,
} from '../../esbuild.config.mjs';
import { CONFIG_PATH } from '../../adapters/browser-address-names';
import { copy } from '../../domain/copy';
import { LoadingPage } from '../../ui/web/pages/loading-page';

/** A metafile of outputs under /app/dist/assets: `imports` per output as [path, kind]. */
function metafile(outputs: Record<string, { entryPoint?: string; cssBundle?: string; imports?: [string, 'import-statement' | 'dynamic-import'][] }>): Metafile {
  return {
    inputs: {},
    outputs: Object.fromEntries(
      Object.entries(outputs).map(([file, output]) => [
        file,
        {
          bytes: 1,
          inputs: {},
          exports: [],
          imports: (output.imports ?? []).map(([path, kind]) => ({ path, kind })),
          ...(output.entryPoint === undefined ? {} : { entryPoint: output.entryPoint }),
          ...(output.cssBundle === undefined ? {} : { cssBundle: output.cssBundle }),
        },
      ]),
    ),
  };
}

describe("build: the HTML shell (DESIGN §4, the first screen's requests)", () => {
  it('lists every chunk the entry imports statically, through other chunks too, once each and never a lazy one', () => {
    const meta = metafile({
      '/app/dist/assets/main-1.js': {
        entryPoint: 'ui/web/main.tsx',
        cssBundle: '/app/dist/assets/main-1.css',
        imports: [
          ['/app/dist/assets/chunk-a.js', 'import-statement'],
          ['/app/dist/assets/chunk-lazy.js', 'dynamic-import'],
        ],
      },
      '/app/dist/assets/chunk-a.js': { imports: [['/app/dist/assets/chunk-b.js', 'import-statement']] },
      '/app/dist/assets/chunk-b.js': { imports: [['/app/dist/assets/chunk-a.js', 'import-statement']] },
      '/app/dist/assets/chunk-lazy.js': { imports: [['/app/dist/assets/chunk-c.js', 'import-statement']] },
      '/app/dist/assets/chunk-c.js': {},
      '/app/dist/assets/main-1.css': {},
    });
    expect(entryOutputs(meta, '/app/dist/assets')).to.deep.equal({
      script: 'main-1.js',
      stylesheet: 'main-1.css',
      modulePreloads: ['chunk-a.js', 'chunk-b.js'],
    });
  });

  it("keeps the later steps' stylesheet out of the first screen: its own entry, named in a meta tag only", () => {
    const meta = metafile({
      '/app/dist/assets/steps-2.css': { entryPoint: LATER_STEPS_CSS },
      '/app/dist/assets/main-1.js': { entryPoint: 'ui/web/main.tsx', cssBundle: '/app/dist/assets/main-1.css' },
      '/app/dist/assets/main-1.css': {},
    });
    const files = entryOutputs(meta, '/app/dist/assets');
    expect(files).to.deep.equal({ script: 'main-1.js', stylesheet: 'main-1.css', modulePreloads: [], laterStepsStylesheet: 'steps-2.css' });
    const html = indexHtml(files);
    expect(html).to.include(`<meta name="${LATER_STEPS_STYLESHEET_META}" content="/assets/steps-2.css">`);
    expect(html.match(/rel="stylesheet"/g)).to.have.length(1);
  });

  it('preloads config.json (as fetch, CORS mode, same origin) and each static chunk, with no inline script or style', () => {
    const html = indexHtml({ script: 'main-1.js', stylesheet: 'main-1.css', modulePreloads: ['chunk-a.js', 'chunk-b.js'] });
    expect(html).to.include('<link rel="preload" as="fetch" crossorigin href="/config/config.json">');
    expect(html).to.include('<link rel="modulepreload" href="/assets/chunk-a.js">\n<link rel="modulepreload" href="/assets/chunk-b.js">');
    expect(html).to.include('<script type="module" src="/assets/main-1.js"></script>');
    expect(html).to.include('<link rel="stylesheet" href="/assets/main-1.css">');
    expect(html).not.to.match(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.to.match(/<style|\sstyle=|\son[a-z]+=/i);
  });

  it("preloads the bank's keys when the build's config names them on the app's origin (issue 15 item 2), nothing otherwise", () => {
    const html = indexHtml({ script: 'main-1.js', preloadKeys: keysPreloadHref({ jwksUri: '/.well-known/jwks.json' }) });
    expect(html).to.include('<link rel="preload" as="fetch" crossorigin href="/.well-known/jwks.json">');
    for (const jwksUri of ['https://keys.example/jwks.json', '//keys.example/jwks.json', 'jwks.json', '/a b', '/x"><script>', 42, undefined]) {
      expect(keysPreloadHref({ jwksUri }), String(jwksUri)).to.equal(undefined);
    }
    expect(keysPreloadHref(null)).to.equal(undefined);
    expect(indexHtml({ script: 'main-1.js' }).match(/rel="preload"/g)).to.have.length(1);
  });

  it('preloads the file the app reads its configuration from', () => {
    expect(indexHtml({ script: 'main-1.js' })).to.include(`<link rel="preload" as="fetch" crossorigin href="${CONFIG_PATH}">`);
  });

  it("shows the loading screen from the first paint: the loading page's own markup and window title", () => {
    expect(LOADING_MARKUP).to.equal(renderToStaticMarkup(<LoadingPage />));
    expect(LOADING_TITLE).to.equal(copy.shell.loadingTitle);
    const html = indexHtml({ script: 'main-1.js' });
    expect(html).to.include(`<div id="root"><main class="site-main">${LOADING_MARKUP}</main></div>`);
    expect(html).to.include(`<title>${LOADING_TITLE}</title>`);
  });

  it('leaves the config preload and the loading screen out when told (an entry that does not read config.json at startup)', () => {
    const html = indexHtml({ script: 'main-1.js', preloadConfig: false });
    expect(html).not.to.include('rel="preload"');
    expect(html).not.to.include('modulepreload');
    expect(html).to.include('<div id="root"></div>');
  });
});

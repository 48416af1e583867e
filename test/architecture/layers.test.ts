import { expect } from 'chai';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findViolations, importsOf, readSources } from './layer-rules';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('architecture: the layers depend inwards (DESIGN §1), the sandbox stands apart (DESIGN §3.19)', () => {
  it('the project has no import pointing the wrong way', () => {
    const sources = readSources(root);
    for (const folder of ['domain/', 'sandbox/', 'contract/']) expect(sources.some((s) => s.path.startsWith(folder))).to.equal(true);
    expect(findViolations(sources)).to.deep.equal([]);
  });

  describe('the checker itself', () => {
    const check = (filePath: string, text: string) => findViolations([{ path: filePath, text }]);

    it('reads static, type-only, re-export and dynamic imports', () => {
      expect(importsOf(`import a from 'a';\nimport type { B } from "./b";\nexport * from './c';\nconst d = await import('d');\nimport 'e';`)).to.deep.equal([
        'a',
        './b',
        './c',
        'd',
        'e',
      ]);
    });

    const failing: [string, string, string][] = [
      ['domain/x.ts', `import React from 'react';`, 'third-party'],
      ['domain/x.ts', `import { makeAutoObservable } from 'mobx';`, 'third-party'],
      ['domain/x.ts', `import { Container } from 'inversify';`, 'third-party'],
      ['domain/x.ts', `import { readFile } from 'node:fs';`, 'third-party'],
      ['domain/x.ts', `import { Store } from '../application/store';`, 'may import only domain'],
      ['domain/x.ts', `export const now = () => Date.now();`, 'Date.now()'],
      ['domain/x.ts', `export const now = () => new Date();`, 'new Date()'],
      ['domain/x.ts', `export const w = () => window.innerWidth;`, 'window'],
      ['domain/x.ts', `export const d = () => document.title;`, 'document'],
      ['domain/x.ts', `export const s = () => sessionStorage.getItem('a');`, 'browser global'],
      ['application/x.ts', `import { FetchApi } from '../adapters/fetch-api';`, 'may import only domain and application'],
      ['application/x.ts', `import { LoginPage } from '../ui/login-page';`, 'may import only domain and application'],
      ['application/x.ts', `import React from 'react';`, 'third-party'],
      ['ui/x.tsx', `import { FetchApi } from '../adapters/fetch-api';`, 'composition-root'],
      ['ui/terminal/x.tsx', `import { createRoot } from 'react-dom/client';`, 'may not import react-dom'],
      ['ui/terminal/x.tsx', `import { LoginPage } from '../web/pages/login-page';`, 'may not import ui/web/'],
      ['ui/terminal/x.tsx', `import { createContainer } from '../../adapters/composition-root';`, 'adapters/terminal/composition-root'],
      ['ui/terminal/x.tsx', `import { MemoryTokenStorage } from '../../adapters/terminal/memory-token-storage.adapter';`, 'adapters/terminal/composition-root'],
      ['ui/web/x.tsx', `import { TerminalApp } from '../terminal/app';`, 'may not import ui/terminal/'],
      ['ui/web/shell/x.ts', `import { ENTRY_ATTRIBUTE } from '../../../adapters/browser-address-names';`, 'composition-root'],
      ['ui/web/take-over/x.ts', `import { FetchApi } from '../../../adapters/fetch-api';`, 'composition-root'],
      ['ui/web/x.tsx', `import { createTerminalContainer } from '../../adapters/terminal/composition-root';`, "terminal channel's adapters"],
      ['sandbox/x.ts', `import { SCOPES } from '../domain/scopes';`, 'sandbox/ may import only sandbox/ and contract/'],
      ['sandbox/x.ts', `import { ok } from '../application/result';`, 'sandbox/ may import only sandbox/ and contract/'],
      ['sandbox/x.ts', `import { NO_INLINE } from '../adapters/web-security-headers';`, 'sandbox/ may import only sandbox/ and contract/'],
      ['sandbox/x.ts', `import { App } from '../ui/web/app';`, 'sandbox/ may import only sandbox/ and contract/'],
      // Issue 33 item 2: the one exception is one file and one module.
      ['sandbox/x.ts', `import { parseRuntimeConfig } from '../application/runtime-config';`, 'sandbox/ may import only sandbox/ and contract/'],
      ['sandbox/checked-config.ts', `import { parseBrands } from '../domain/brand';`, 'sandbox/ may import only sandbox/ and contract/'],
      ['contract/x.ts', `import { PERSONAS } from '../sandbox/personas';`, 'contract/ may import only contract/'],
      ['contract/x.ts', `import { isScope } from '../domain/scopes';`, 'contract/ may import only contract/'],
      ['adapters/x.ts', `import { PERSONAS } from '../sandbox/personas';`, 'may not import sandbox/'],
      ['ui/web/x.tsx', `import { PERSONAS } from '../../sandbox/personas';`, 'may not import sandbox/'],
      ['application/x.ts', `import { PERSONAS } from '../sandbox/personas';`, 'may not import sandbox/'],
      ['domain/x.ts', `import { PERSONAS } from '../sandbox/personas';`, 'may not import sandbox/'],
    ];
    for (const [file, text, expected] of failing) {
      it(`flags ${file}: ${text}`, () => {
        const violations = check(file, text);
        expect(violations).to.have.length(1);
        expect(violations[0]).to.contain(expected);
      });
    }

    const passing: [string, string][] = [
      [
        'domain/x.ts',
        `import { ok } from './result';\n/** Time is a parameter, never Date.now() or window. */\nexport const f = (nowMs: number) => new Date(nowMs);`,
      ],
      ['domain/x.ts', `export const label = 'Open the window';`],
      ['application/x.ts', `import { makeAutoObservable } from 'mobx';\nimport { injectable } from 'inversify';\nimport { ok } from '../domain/result';`],
      ['ui/x.tsx', `import { createContainer } from '../adapters/composition-root';\nimport { LoginStore } from '../application/login.store';`],
      [
        'ui/terminal/x.tsx',
        `import { render } from 'ink';\nimport { createTerminalContainer } from '../../adapters/terminal/composition-root';\nimport { LoginStore } from '../../application/stores/login.store';`,
      ],
      ['ui/web/take-over/x.ts', `import { ENTRY_ATTRIBUTE } from '../../../adapters/browser-address-names';`],
      ['adapters/x.ts', `import retry from 'fetch-retry';\nimport { ok } from '../domain/result';`],
      ['adapters/x.ts', `import type { RawAccount } from '../contract/customer-auth.wire';`],
      ['sandbox/x.ts', `import Fastify from 'fastify';\nimport { scopeValues } from '../contract/customer-auth.wire';\nimport { ok } from './result';`],
      ['sandbox/checked-config.ts', `import { parseRuntimeConfig } from '../application/runtime-config';\nimport { sandboxConfig } from './sandbox-config';`],
    ];
    for (const [file, text] of passing) {
      it(`allows ${file}: ${text.split('\n')[0]}`, () => expect(check(file, text)).to.deep.equal([]));
    }
  });
});

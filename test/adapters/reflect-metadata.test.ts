import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as provided from '../../adapters/reflect-metadata';
import { defineMetadata, getMetadata, getOwnMetadata } from '../../adapters/reflect-metadata';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** inversify's shipped JavaScript (its own tests left out). */
function inversifySources(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test' && entry.name !== 'node_modules') walk(full);
      } else if (entry.name.endsWith('.js') && !entry.name.endsWith('.spec.js')) {
        files.push(readFileSync(full, 'utf8'));
      }
    }
  };
  walk(path.join(root, 'node_modules/inversify/lib'));
  for (const name of readdirSync(path.join(root, 'node_modules/@inversifyjs'))) walk(path.join(root, 'node_modules/@inversifyjs', name, 'lib'));
  return files;
}

describe('adapters/reflect-metadata: the metadata functions inversify needs', () => {
  it('keeps a value per target, property and key; own reads stop at the target, getMetadata walks the prototype chain', () => {
    class Base {}
    class Derived extends Base {}
    defineMetadata('k', 'base', Base);
    defineMetadata('k', 'on x', Base.prototype, 'x');
    expect(getOwnMetadata('k', Base)).to.equal('base');
    expect(getOwnMetadata('k', Derived)).to.equal(undefined);
    expect(getMetadata('k', Derived)).to.equal('base');
    expect(getOwnMetadata('k', Base.prototype, 'x')).to.equal('on x');
    expect(getOwnMetadata('k', Base.prototype)).to.equal(undefined);
    expect(getMetadata('other', Derived)).to.equal(undefined);
    defineMetadata('k', 'derived', Derived);
    expect(getMetadata('k', Derived)).to.equal('derived');
    expect(getMetadata('k', Base)).to.equal('base');
  });

  it('a value of undefined that was defined is found, not looked for further up', () => {
    class Base {}
    class Derived extends Base {}
    defineMetadata('k', 'base', Base);
    defineMetadata('k', undefined, Derived);
    expect(getMetadata('k', Derived)).to.equal(undefined);
  });

  it('inversify calls no other Reflect metadata function (its decorate() helper, which calls Reflect.decorate, is not used here)', () => {
    const used = new Set(inversifySources().flatMap((text) => [...text.matchAll(/Reflect\.(\w*[Mm]etadata\w*|decorate)\b/g)].map((m) => m[1] ?? '')));
    expect(used.size, "inversify's sources were found").to.be.greaterThan(0);
    const missing = [...used].filter((name) => !Object.keys(provided).includes(name) && name !== 'decorate');
    expect(missing).to.deep.equal([]);
    const ours = ['application', 'adapters', 'ui'].flatMap((layer) =>
      readdirSync(path.join(root, layer), { recursive: true })
        .map(String)
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => path.join(layer, file)),
    );
    expect(ours.length).to.be.greaterThan(10);
    for (const file of ours) {
      expect(readFileSync(path.join(root, file), 'utf8'), file).to.not.match(/import\s*\{[^}]*\bdecorate\b[^}]*\}\s*from\s*'inversify'/);
    }
  });

  it('the web build takes them for reflect-metadata: no byte of the library in the app, its install module in its place', async () => {
    const { buildApp } = await import('../../esbuild.config.mjs');
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'reflect-build-'));
    try {
      const inputs = Object.values((await buildApp({ outDir })).outputs).flatMap((output) => Object.keys(output.inputs));
      expect(inputs.filter((input) => input.includes('node_modules/reflect-metadata/'))).to.deep.equal([]);
      expect(inputs).to.include('adapters/reflect-metadata-install.ts');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});

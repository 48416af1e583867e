// The web build's stand-in for `reflect-metadata/lite` (esbuild.config.mjs `alias`): installs the
// three metadata functions inversify calls (adapters/reflect-metadata.ts) before any decorated
// class loads, since inversify imports it first.
import { defineMetadata, getMetadata, getOwnMetadata } from './reflect-metadata';

const reflect = Reflect as unknown as Record<string, unknown>;
if (typeof reflect['getOwnMetadata'] !== 'function') Object.assign(reflect, { defineMetadata, getOwnMetadata, getMetadata });

// The three Reflect Metadata functions inversify uses, in place of the reflect-metadata package:
// 8 KB of the first screen's script (issue 6's bytes budget), in the web build only
// (esbuild.config.mjs aliases `reflect-metadata/lite`). Under Node the library itself is loaded;
// never both (it would take these for a foreign provider and call functions they lack).
// test/adapters/reflect-metadata.test.ts fails if inversify calls anything else of the API.

type PropertyKeyOrClass = PropertyKey | undefined;

/** Per target (a class or a prototype), per property (undefined: the target itself), per metadata key. */
const metadata = new WeakMap<object, Map<PropertyKeyOrClass, Map<unknown, unknown>>>();

function ownMap(target: object, property: PropertyKeyOrClass): Map<unknown, unknown> | undefined {
  return metadata.get(target)?.get(property);
}

export function defineMetadata(key: unknown, value: unknown, target: object, property?: PropertyKey): void {
  let byProperty = metadata.get(target);
  if (byProperty === undefined) metadata.set(target, (byProperty = new Map()));
  let byKey = byProperty.get(property);
  if (byKey === undefined) byProperty.set(property, (byKey = new Map()));
  byKey.set(key, value);
}

export function getOwnMetadata(key: unknown, target: object, property?: PropertyKey): unknown {
  return ownMap(target, property)?.get(key);
}

export function getMetadata(key: unknown, target: object, property?: PropertyKey): unknown {
  for (let current: object | null = target; current !== null; current = Object.getPrototypeOf(current) as object | null) {
    const own = ownMap(current, property);
    if (own?.has(key) === true) return own.get(key);
  }
  return undefined;
}

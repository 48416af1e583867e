// Breaks typescript/no-unnecessary-type-assertion once, on purpose: test/build/type-aware-lint.test.ts.
const name: string = 'jane.citizen';

export const upper = (name as string).toUpperCase();

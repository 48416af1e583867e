// Breaks typescript/await-thenable once, on purpose: test/build/type-aware-lint.test.ts.
export const total = async (): Promise<number> => await 42;

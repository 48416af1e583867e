// Breaks typescript/no-floating-promises once, on purpose: test/build/type-aware-lint.test.ts.
const save = async (): Promise<void> => {};

export const onChange = (): void => {
  save();
};

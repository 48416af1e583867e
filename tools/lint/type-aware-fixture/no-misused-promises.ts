// Breaks typescript/no-misused-promises once, on purpose: test/build/type-aware-lint.test.ts.
const save = async (id: string): Promise<void> => {
  await Promise.resolve(id);
};

export const saveAll = (ids: readonly string[]): void => ids.forEach(async (id) => save(id));

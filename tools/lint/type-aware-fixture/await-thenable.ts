export const total = async (): Promise<number> => await 42;

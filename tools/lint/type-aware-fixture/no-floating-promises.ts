const save = async (): Promise<void> => {};

export const onChange = (): void => {
  save();
};

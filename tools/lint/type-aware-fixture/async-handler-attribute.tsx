// Allowed: an async handler in a JSX attribute (no-misused-promises with checksVoidReturn.attributes off, .oxlintrc.json).
const save = async (): Promise<void> => {
  await Promise.resolve();
};

export const SaveButton = () => (
  <button type="button" onClick={async () => save()}>
    Save
  </button>
);

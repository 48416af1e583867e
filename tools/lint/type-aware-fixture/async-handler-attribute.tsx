// Allowed: an async handler in a JSX attribute (no-misused-promises' checksVoidReturn.attributes off).
const save = async (): Promise<void> => {
  await Promise.resolve();
};

export const SaveButton = () => (
  <button type="button" onClick={async () => save()}>
    Save
  </button>
);

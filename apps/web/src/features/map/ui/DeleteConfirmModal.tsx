/** Asks before anything is deleted, naming what goes (stub, filled in by its owner this session). */
export function DeleteConfirmModal() {
  return null;
}

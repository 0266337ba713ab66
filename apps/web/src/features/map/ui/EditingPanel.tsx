/** What is being edited, always in view: the element's type and name (stub, filled in by its owner this session). */
export function EditingPanel() {
  return null;
}

/** The snapping switch and tolerance on the toolbar (stub, filled in by its owner this session). */
export function SnapControl() {
  return null;
}

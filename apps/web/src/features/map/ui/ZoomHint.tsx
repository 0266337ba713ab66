/** 'Zoom in to edit' where the view is too far out to edit (stub, filled in by its owner this session). */
export function ZoomHint() {
  return null;
}

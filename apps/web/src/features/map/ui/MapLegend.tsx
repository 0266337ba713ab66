/** The key of cable colours, line styles and marker icons (stub, filled in by its owner this session). */
export function MapLegend() {
  return null;
}

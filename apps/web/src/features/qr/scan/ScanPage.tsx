/** The field's scan page (being built). */
export function ScanPage() {
  return null;
}

/** MapLibre's own texts that the map shows (its controls' tooltips), from our catalogue. */
const KEYS = {
  'NavigationControl.ZoomIn': 'zoomIn',
  'NavigationControl.ZoomOut': 'zoomOut',
  'NavigationControl.ResetBearing': 'resetBearing',
  'AttributionControl.ToggleAttribution': 'toggleAttribution',
  'AttributionControl.MapFeedback': 'mapFeedback',
  'FullscreenControl.Enter': 'enterFullscreen',
  'FullscreenControl.Exit': 'exitFullscreen',
  'GeolocateControl.FindMyLocation': 'findMyLocation',
  'GeolocateControl.LocationNotAvailable': 'locationNotAvailable',
  'LogoControl.Title': 'logo',
  'Map.Title': 'map',
  'Marker.Title': 'marker',
  'Popup.Close': 'closePopup',
  'CooperativeGesturesHandler.WindowsHelpText': 'ctrlScroll',
  'CooperativeGesturesHandler.MacHelpText': 'cmdScroll',
  'CooperativeGesturesHandler.MobileHelpText': 'twoFingers',
} as const;

/** The `locale` option of a MapLibre map, its strings under `map.reading.controls.`. */
export function mapLocale(t: (key: string) => string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(KEYS).map(([id, key]) => [id, t(`map.reading.controls.${key}`)]),
  );
}

import type { ErrorEvent, Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';
import { BASE_LAYER, OFFLINE_MAX_ZOOM } from './basemap.ts';

/**
 * Calls `listener` with true while the base map cannot be seen: its last tile failed to
 * load (no internet, or a tile server refusing us) and the view is past the zoom where the
 * bundled offline outlines stop, so the elements sit on a flat colour. Returns the unsubscribe.
 */
export function watchBasemap(map: MapLibreMap, listener: (missing: boolean) => void) {
  let failing = false;
  let shown = false;
  const update = () => {
    const missing = failing && map.getZoom() >= OFFLINE_MAX_ZOOM;
    if (missing !== shown) listener((shown = missing));
  };
  // Note: tile errors carry their source's id, which MapLibre's ErrorEvent type omits.
  const failed = (event: ErrorEvent) => {
    if ((event as ErrorEvent & { sourceId?: string }).sourceId !== BASE_LAYER) return;
    failing = true;
    update();
  };
  const loaded = (event: MapSourceDataEvent) => {
    if (event.sourceId !== BASE_LAYER || !event.tile) return;
    failing = false;
    update();
  };
  map.on('error', failed);
  map.on('sourcedata', loaded);
  map.on('zoomend', update);
  return () => {
    map.off('error', failed);
    map.off('sourcedata', loaded);
    map.off('zoomend', update);
  };
}

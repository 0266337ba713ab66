import type { FilterSpecification, Map as MapLibreMap } from 'maplibre-gl';
import type { ElementTypeName } from '@integration/contracts';
import { OWN_LAYERS } from './element-layers.ts';
import { layerFilter, MARKER_LAYERS, markerFilter } from './marker-layers.ts';

/** The layer checkboxes onto the layers: each type's own layers shown or not, markers filtered. */
export function applyLayerState(
  map: MapLibreMap,
  layerState: Partial<Record<ElementTypeName, boolean>>,
): void {
  // Only real changes: setting even the same visibility or filter makes MapLibre lay
  // out every tile of the layer's source again (100,000 elements once more).
  for (const [type, ids] of Object.entries(OWN_LAYERS)) {
    const visibility = layerState[type as ElementTypeName] === false ? 'none' : 'visible';
    for (const id of ids) {
      if (
        map.getLayer(id) &&
        (map.getLayoutProperty(id, 'visibility') ?? 'visible') !== visibility
      ) {
        map.setLayoutProperty(id, 'visibility', visibility);
      }
    }
  }
  const types = markerFilter((type) => layerState[type] !== false);
  for (const id of MARKER_LAYERS) {
    const filter = layerFilter(id, types);
    if (map.getLayer(id) && JSON.stringify(map.getFilter(id) ?? null) !== JSON.stringify(filter)) {
      map.setFilter(id, filter as FilterSpecification | null);
    }
  }
}

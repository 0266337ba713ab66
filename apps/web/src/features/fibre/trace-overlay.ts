import type { Feature, FeatureCollection } from 'geojson';
import type { LatLng } from '@integration/contracts';
import type { MapView } from '../map/adapter/map-view.ts';
import { isPoint, pointsOf, type EditorElement } from '../map/core/editor-element.ts';
import { boundsOf } from '../map/core/geo.ts';

/** The trace's elements as map features: its cables as lines, its enclosures and home as points. */
export function traceFeatures(elements: EditorElement[]): FeatureCollection {
  const features: Feature[] = elements.map((e) => ({
    type: 'Feature',
    properties: { id: e.id },
    geometry: isPoint(e.coordinates)
      ? { type: 'Point', coordinates: [e.coordinates.lng, e.coordinates.lat] }
      : { type: 'LineString', coordinates: e.coordinates.map((p) => [p.lng, p.lat]) },
  }));
  return { type: 'FeatureCollection', features };
}

const MARGIN = 40;
/** How far down a phone's map controls reach over the map. */
const PHONE_CONTROLS_PX = 150;

/**
 * Frames the path in the part of the map the trace panel and the layers panel leave clear
 * (between them on a wide screen, above the sheet on a phone), never closer than the street.
 */
export function framePath(view: MapView, elements: EditorElement[], panel: Element | null) {
  const bounds = boundsOf(elements.flatMap((e): LatLng[] => pointsOf(e.coordinates)));
  if (!bounds) return;
  const [w, s, e, n] = bounds;
  const pad = { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN };
  const box = view.map.getContainer().getBoundingClientRect();
  const rect = panel?.getBoundingClientRect();
  if (rect) {
    if (rect.width > box.width * 0.6) {
      pad.bottom += Math.max(0, box.bottom - rect.top);
      // A phone's map controls (toolbar, search, place) cover its top.
      pad.top += PHONE_CONTROLS_PX;
    } else pad.right += Math.max(0, box.right - rect.left);
  }
  // The map's own side panel (layers, legend) covers its left on a wide screen.
  const side = view.map.getContainer().closest('[data-map-workspace]')?.querySelector('aside');
  const aside = side?.getBoundingClientRect();
  if (aside && aside.width && aside.width < box.width * 0.4) {
    pad.left = Math.max(pad.left, aside.right - box.left + MARGIN);
  }
  // MapLibre ignores a padding larger than the map: keep room for the path whatever the screen.
  pad.bottom = Math.min(pad.bottom, box.height * 0.6);
  pad.top = Math.min(pad.top, box.height * 0.3);
  pad.right = Math.min(pad.right, box.width * 0.6);
  pad.left = Math.min(pad.left, box.width * 0.3);
  view.map.fitBounds(
    [
      [w, s],
      [e, n],
    ],
    { padding: pad, maxZoom: 18, animate: true },
  );
}

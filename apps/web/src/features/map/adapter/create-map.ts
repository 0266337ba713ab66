import * as maplibregl from 'maplibre-gl';
import i18n from 'i18next';
import { addPlaceLabel, baseStyle, PLACE_LABEL } from './basemap.ts';
import { mapLocale } from './map-locale.ts';
import { addCountImage, COUNT_IMAGE } from './overview-layers.ts';
import { addIcons } from './icon-images.ts';

interface TouchZoomInternals {
  _tapDragZoom?: { disable(): void };
}

/**
 * The MapLibre map of the editor, with its controls, its images made when first needed and
 * its gestures, before any source or layer of the elements.
 */
export function createMap(container: HTMLElement, locale?: Record<string, string>): maplibregl.Map {
  const map = new maplibregl.Map({
    container,
    style: baseStyle(),
    center: [36.8219, -1.2864],
    zoom: 3,
    attributionControl: { compact: true },
    doubleClickZoom: false,
    // Markers appear at once: a fade redraws every frame of it, slow with 100,000 icons.
    fadeDuration: 0,
    // The view is kept in the address (#zoom/lat/lng): a link or a reload shows the same place.
    hash: true,
    locale: locale ?? mapLocale((key) => i18n.t(key)),
  });
  // Note: no "double tap and drag" zoom on touch screens. A field crew taps a marker to pick
  // it and then drags it; done within half a second, MapLibre took that for this gesture
  // and zoomed instead of moving the marker. Pinch zoom stays. MapLibre has no option for
  // it: the handler is reached through the pinch handler that owns it.
  (map.touchZoomRotate as unknown as TouchZoomInternals)._tapDragZoom?.disable();
  map.addControl(new maplibregl.NavigationControl({ showCompass: true }), 'top-right');
  map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
  // Place labels and icons named by templates are made when first needed.
  map.setMissingStyleImageResolver((id) => {
    if (!id) return;
    if (id.startsWith(PLACE_LABEL)) return addPlaceLabel(map, id);
    if (id.startsWith(COUNT_IMAGE)) return addCountImage(map, id);
    return addIcons(map, [id]);
  });
  // Base tiles that cannot be fetched (offline) are expected: the offline layer shows.
  map.on('error', () => undefined);
  return map;
}

let keepView = false;

/**
 * The next map removed leaves its view in the address. MapLibre takes its `#zoom/lat/lng` away
 * as it goes; where another map of the page takes over at the same place (the whole project's
 * map and a cluster's, issue 30) the address must keep naming that place. Elsewhere (another
 * cluster opened) the address forgets the old view, and the new map frames its cluster.
 */
export function keepViewOnNextRemove(): void {
  keepView = true;
}

export function removeMap(map: maplibregl.Map): void {
  const { pathname, hash } = window.location;
  map.remove();
  const now = window.location;
  if (keepView && hash && !now.hash && now.pathname === pathname) {
    window.history.replaceState(window.history.state, '', `${now.pathname}${now.search}${hash}`);
  }
  keepView = false;
}

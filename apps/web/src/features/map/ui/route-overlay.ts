import i18n from 'i18next';
import type { Feature, FeatureCollection } from 'geojson';
import { formatRouteDistance } from '../../routing/route-format.ts';
import { labelPoints, type RouteOption } from '../../routing/route-options.ts';
import { addRouteLabels, ROUTE_PICK_LAYERS, routeLabelImage } from '../adapter/route-layers.ts';
import type { MapView } from '../adapter/map-view.ts';
import { boundsOf } from '../core/geo.ts';
import type { RouteSearch } from '../core/route-search.ts';

/** A route's label on the map: its number and length (a cable is laid, not travelled). */
export function routeLabel(route: RouteOption, index: number, locale = i18n.language): string {
  return i18n.t('routing.mapLabel', {
    n: index + 1,
    distance: formatRouteDistance(route.distance, locale),
  });
}

/** The routes as map features: a line and a label point each, the best one on top. */
export function routeFeatures(
  routes: RouteOption[],
  label: (route: RouteOption, index: number) => string,
): { data: FeatureCollection; labels: { text: string; best: boolean }[] } {
  const at = labelPoints(routes.map((r) => r.path));
  const labels = routes.map((r, i) => ({ text: label(r, i), best: i === 0 }));
  const features: Feature[] = routes.flatMap((route, index) => {
    const properties = { index, best: index === 0, order: routes.length - index };
    const line: Feature = {
      type: 'Feature',
      properties,
      geometry: { type: 'LineString', coordinates: route.path.map((p) => [p.lng, p.lat]) },
    };
    const where = at[index];
    const text = labels[index]?.text ?? '';
    if (!where) return [line];
    const pin: Feature = {
      type: 'Feature',
      properties: { ...properties, label: routeLabelImage(text, index === 0) },
      geometry: { type: 'Point', coordinates: [where.lng, where.lat] },
    };
    return [line, pin];
  });
  return { data: { type: 'FeatureCollection', features }, labels };
}

const MARGIN = 40;

/**
 * The part of the map the route panel leaves clear, as fitBounds padding: above or beside
 * the panel, whichever keeps more of the map (a phone's panel spans the width).
 */
function padding(map: MapView['map']) {
  const pad = { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN };
  const panel = document.querySelector('[data-route-panel]')?.getBoundingClientRect();
  const box = map.getContainer().getBoundingClientRect();
  if (!panel) return pad;
  if (panel.width > box.width * 0.6) {
    // A phone's panel is a sheet at the bottom, over the status bar: the routes go above it.
    const below = panel.top > box.top + box.height / 2;
    if (below) pad.bottom = Math.max(0, box.bottom - panel.top) + MARGIN;
    else pad.top = Math.max(0, panel.bottom - box.top) + MARGIN;
  } else pad.left = Math.max(0, panel.right - box.left) + MARGIN;
  // Room enough for the routes whatever the screen: MapLibre ignores an impossible padding.
  pad.top = Math.min(pad.top, box.height * 0.6);
  pad.bottom = Math.min(pad.bottom, box.height * 0.6);
  pad.left = Math.min(pad.left, box.width * 0.6);
  return pad;
}

/** Widen the view (never zoom in) when a route is outside it or under the panel. */
function showRoutes(map: MapView['map'], routes: RouteOption[]) {
  const bounds = boundsOf(routes.flatMap((r) => r.path));
  if (!bounds) return;
  const [w, s, e, n] = bounds;
  const pad = padding(map);
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  const inside = [map.project([w, n]), map.project([e, s])].every(
    (p) =>
      p.x >= pad.left && p.x <= width - pad.right && p.y >= pad.top && p.y <= height - pad.bottom,
  );
  if (inside) return;
  map.fitBounds(
    [
      [w, s],
      [e, n],
    ],
    { padding: pad, maxZoom: map.getZoom(), animate: true },
  );
}

/** Draws what a route search shows, and keeps the routes in view. Returns the unsubscribe. */
export function bindRoutes(view: MapView, search: RouteSearch): () => void {
  let frame = 0;
  const unsubscribe = search.state.subscribe((state, previous) => {
    if (state.search === previous.search) return;
    const routes = state.search.phase === 'shown' ? state.search.routes : [];
    const { data, labels } = routeFeatures(routes, (r, i) => routeLabel(r, i));
    addRouteLabels(view.map, labels);
    view.setOverlay('routes', routes.length ? data : null);
    cancelAnimationFrame(frame);
    // Once the panel lists them (React renders after this): its size is then known.
    if (routes.length) frame = requestAnimationFrame(() => showRoutes(view.map, routes));
  });
  return () => {
    cancelAnimationFrame(frame);
    unsubscribe();
  };
}

/** The route under a pixel (its line or its label), topmost first, or null. */
export function routeAt(view: MapView, point: { x: number; y: number }, tolerance = 6) {
  const layers = ROUTE_PICK_LAYERS.filter((id) => view.map.getLayer(id));
  if (!layers.length) return null;
  const hit = view.map.queryRenderedFeatures(
    [
      [point.x - tolerance, point.y - tolerance],
      [point.x + tolerance, point.y + tolerance],
    ],
    { layers },
  )[0];
  const index = hit?.properties?.index;
  return typeof index === 'number' ? index : null;
}

import i18n from 'i18next';
import type { Feature, FeatureCollection } from 'geojson';
import { COMPACT_QUERY } from '../../../app/useCompact.ts';
import { formatDuration, formatRouteDistance } from '../../routing/route-format.ts';
import { labelPoints, type RouteOption } from '../../routing/route-options.ts';
import { addRouteLabels, ROUTE_PICK_LAYERS, routeLabelImage } from '../adapter/route-layers.ts';
import type { MapView } from '../adapter/map-view.ts';
import { boundsOf } from '../core/geo.ts';
import type { RouteSearch } from '../core/route-search.ts';

/** A route's label on the map: its number, distance and duration. */
export function routeLabel(route: RouteOption, index: number, locale = i18n.language): string {
  return i18n.t('routing.mapLabel', {
    n: index + 1,
    distance: formatRouteDistance(route.distance, locale),
    duration: formatDuration(route.duration, locale),
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

/** Room left for the route panel when the view is widened to show every route. */
function padding() {
  return window.matchMedia(COMPACT_QUERY).matches
    ? { top: 300, bottom: 60, left: 30, right: 30 }
    : { top: 90, bottom: 60, left: 400, right: 70 };
}

/**
 * Draws what a route search shows; widens the view (never zooms in) when a route leaves it.
 * Returns the unsubscribe.
 */
export function bindRoutes(view: MapView, search: RouteSearch): () => void {
  return search.state.subscribe((state, previous) => {
    if (state.search === previous.search) return;
    const routes = state.search.phase === 'shown' ? state.search.routes : [];
    const { data, labels } = routeFeatures(routes, (r, i) => routeLabel(r, i));
    addRouteLabels(view.map, labels);
    view.setOverlay('routes', routes.length ? data : null);
    const bounds = boundsOf(routes.flatMap((r) => r.path));
    if (!bounds) return;
    const [w, s, e, n] = bounds;
    const shown = view.map.getBounds();
    if (shown.contains([w, s]) && shown.contains([e, n])) return;
    const zoom = view.map.getZoom();
    view.map.fitBounds(
      [
        [w, s],
        [e, n],
      ],
      { padding: padding(), maxZoom: zoom, animate: true },
    );
  });
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

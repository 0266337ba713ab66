import type { LayerSpecification, Map as MapLibreMap } from 'maplibre-gl';

/** The first route is drawn blue, the others grey (SPEC §4). */
export const ROUTE_BEST_COLOUR = '#2563eb';
export const ROUTE_ALT_COLOUR = '#6b7280';

export const ROUTE_SOURCE = 'routes';
/** The layers a click on a route hits: its line or its label. */
export const ROUTE_PICK_LAYERS = ['route-alt', 'route-best', 'route-label'];

/** Route labels are images named with this prefix (offline there is no glyph server). */
const ROUTE_LABEL = 'route-label:';

/**
 * The routes Create Route offers, over the elements: the alternatives under the best one,
 * each on a white casing so it reads over cables, and a label per route.
 */
export function routeLayers(): LayerSpecification[] {
  const lines = ['==', ['geometry-type'], 'LineString'];
  return [
    {
      id: 'route-casing',
      type: 'line',
      source: ROUTE_SOURCE,
      filter: lines as never,
      layout: { 'line-join': 'round', 'line-cap': 'round', 'line-sort-key': ['get', 'order'] },
      paint: { 'line-color': '#ffffff', 'line-width': 9, 'line-opacity': 0.9 },
    },
    {
      id: 'route-alt',
      type: 'line',
      source: ROUTE_SOURCE,
      filter: ['all', lines, ['!', ['get', 'best']]] as never,
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': ROUTE_ALT_COLOUR, 'line-width': 5 },
    },
    {
      id: 'route-best',
      type: 'line',
      source: ROUTE_SOURCE,
      filter: ['all', lines, ['get', 'best']] as never,
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': ROUTE_BEST_COLOUR, 'line-width': 6 },
    },
    {
      id: 'route-label',
      type: 'symbol',
      source: ROUTE_SOURCE,
      filter: ['==', ['geometry-type'], 'Point'],
      layout: {
        'icon-image': ['concat', ROUTE_LABEL, ['get', 'label']] as never,
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
        'icon-anchor': 'bottom',
        'icon-offset': [0, -4],
        'symbol-sort-key': ['get', 'order'] as never,
      },
    },
  ];
}

/** The image name of a label: its colours and its text. */
export const routeLabelImage = (text: string, best: boolean) => `${best ? 'best' : 'alt'}:${text}`;

/**
 * Draw the labels the routes need as images (a pill: blue with white text for the best
 * route, white with grey text for the others), before the routes are shown.
 */
export function addRouteLabels(map: MapLibreMap, labels: { text: string; best: boolean }[]) {
  for (const { text, best } of labels) {
    const id = `${ROUTE_LABEL}${routeLabelImage(text, best)}`;
    if (map.hasImage(id)) continue;
    const ratio = 2;
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d');
    if (!ctx) continue;
    const font = `600 ${12 * ratio}px system-ui, sans-serif`;
    ctx.font = font;
    const pad = 7 * ratio;
    canvas.width = Math.ceil(ctx.measureText(text).width) + 2 * pad;
    canvas.height = 22 * ratio;
    const r = canvas.height / 2 - ratio;
    ctx.beginPath();
    ctx.roundRect(ratio, ratio, canvas.width - 2 * ratio, canvas.height - 2 * ratio, r);
    ctx.fillStyle = best ? ROUTE_BEST_COLOUR : '#ffffff';
    ctx.fill();
    ctx.lineWidth = 1.5 * ratio;
    ctx.strokeStyle = best ? '#ffffff' : ROUTE_ALT_COLOUR;
    ctx.stroke();
    ctx.font = font;
    ctx.textBaseline = 'middle';
    ctx.fillStyle = best ? '#ffffff' : '#374151';
    ctx.fillText(text, pad, canvas.height / 2 + ratio / 2);
    map.addImage(id, ctx.getImageData(0, 0, canvas.width, canvas.height), { pixelRatio: ratio });
  }
}

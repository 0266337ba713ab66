import type { LayerSpecification } from 'maplibre-gl';
import { routeLayers } from './route-layers.ts';

/** Sources for what the tools draw over the elements. */
export const OVERLAY_SOURCES = ['measure', 'preview', 'routes', 'snap', 'trace'] as const;

export function overlayLayers(): LayerSpecification[] {
  return [
    // A fibre's trace (issue 26): a wide translucent band over its cables, rings on its
    // enclosures and home, so the element's own colour still shows through.
    {
      id: 'trace-line',
      type: 'line',
      source: 'trace',
      filter: ['!=', ['geometry-type'], 'Point'],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': '#e8590c', 'line-width': 10, 'line-opacity': 0.45 },
    },
    {
      id: 'trace-point',
      type: 'circle',
      source: 'trace',
      filter: ['==', ['geometry-type'], 'Point'],
      paint: {
        'circle-radius': 15,
        'circle-color': '#e8590c',
        'circle-opacity': 0.12,
        'circle-stroke-color': '#e8590c',
        'circle-stroke-width': 3,
      },
    },
    {
      id: 'preview-fill',
      type: 'fill',
      source: 'preview',
      filter: ['==', ['geometry-type'], 'Polygon'],
      paint: { 'fill-color': '#f59e0b', 'fill-opacity': 0.2 },
    },
    {
      id: 'preview-line',
      type: 'line',
      source: 'preview',
      filter: ['!=', ['geometry-type'], 'Point'],
      paint: { 'line-color': '#d97706', 'line-width': 2 },
    },
    {
      id: 'preview-point',
      type: 'circle',
      source: 'preview',
      filter: ['==', ['geometry-type'], 'Point'],
      paint: {
        'circle-radius': 4,
        'circle-color': '#f59e0b',
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1,
      },
    },
    {
      id: 'measure-fill',
      type: 'fill',
      source: 'measure',
      filter: ['==', ['geometry-type'], 'Polygon'],
      paint: { 'fill-color': '#2563eb', 'fill-opacity': 0.15 },
    },
    {
      id: 'measure-line',
      type: 'line',
      source: 'measure',
      filter: ['!=', ['geometry-type'], 'Point'],
      paint: { 'line-color': '#2563eb', 'line-width': 2, 'line-dasharray': [2, 1] },
    },
    {
      id: 'measure-point',
      type: 'circle',
      source: 'measure',
      filter: ['==', ['geometry-type'], 'Point'],
      paint: {
        'circle-radius': 5,
        'circle-color': '#2563eb',
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    },
    ...routeLayers(),
    // The marker a vertex would snap to: a ring wide enough to stand out around its icon.
    {
      id: 'snap-ring',
      type: 'circle',
      source: 'snap',
      paint: {
        'circle-radius': 16,
        'circle-color': '#f97316',
        'circle-opacity': 0.15,
        'circle-stroke-color': '#ea580c',
        'circle-stroke-width': 3,
      },
    },
  ];
}

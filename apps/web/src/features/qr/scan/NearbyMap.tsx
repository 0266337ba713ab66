import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import './nearby-map.css';
import type { NearbyElement } from '@integration/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import type { Fix } from './usePosition.ts';

maplibregl.setWorkerUrl(workerUrl);

/** A circle of `radius` metres around a point, as a polygon (64 sides). */
function circle(center: Fix, radius: number): GeoJSON.Feature<GeoJSON.Polygon> {
  const ring: [number, number][] = [];
  const dLat = radius / 111_320;
  const dLng = radius / (111_320 * Math.cos((center.lat * Math.PI) / 180));
  for (let i = 0; i <= 64; i++) {
    const a = (i / 64) * 2 * Math.PI;
    ring.push([center.lng + dLng * Math.cos(a), center.lat + dLat * Math.sin(a)]);
  }
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } };
}

type Basemaps = { data: { basemaps: { tiles: string[]; tileSize?: number; maxzoom?: number }[] } };

/** HTML markers: they need no glyphs nor sprites, so they show with no base tiles at all. */
function markerElement(label: string, className: string, title: string): HTMLElement {
  const element = document.createElement('div');
  element.className = className;
  element.textContent = label;
  element.title = title;
  return element;
}

/**
 * A small map around the crew: their position and its accuracy circle, and the candidates
 * numbered as in the list. Loaded only on the scan page (MapLibre is large). The base layer
 * is the first configured one; when its tiles cannot load (offline), the markers still show
 * on a plain background.
 */
export default function NearbyMap({
  fix,
  elements,
  chosenId,
}: {
  fix: Fix;
  elements: NearbyElement[];
  chosenId: number | null;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const markers = useRef<maplibregl.Marker[]>([]);

  useEffect(() => {
    if (!container.current) return;
    const instance = new maplibregl.Map({
      container: container.current,
      style: {
        version: 8,
        sources: {},
        layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#f3f1ea' } }],
      },
      center: [fix.lng, fix.lat],
      zoom: 17,
      attributionControl: false,
      canvasContextAttributes: { preserveDrawingBuffer: true },
    });
    map.current = instance;
    instance.on('load', () => {
      instance.addSource('accuracy', { type: 'geojson', data: circle(fix, fix.accuracy) });
      instance.addLayer({
        id: 'accuracy',
        type: 'fill',
        source: 'accuracy',
        paint: { 'fill-color': '#1c7ed6', 'fill-opacity': 0.15, 'fill-outline-color': '#1c7ed6' },
      });
      void api<Basemaps>('GET', '/map/basemaps')
        .then(({ data }) => {
          const base = data.basemaps[0];
          if (!base || instance.getSource('base')) return;
          instance.addSource('base', {
            type: 'raster',
            tiles: base.tiles,
            tileSize: base.tileSize ?? 256,
            maxzoom: base.maxzoom ?? 19,
          });
          instance.addLayer({ id: 'base', type: 'raster', source: 'base' }, 'accuracy');
        })
        .catch(() => {}); // offline: the plain background stays, markers on it
    });
    return () => {
      instance.remove();
      map.current = null;
    };
    // The map is made once; the position and candidates are updated below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    for (const marker of markers.current) marker.remove();
    const here = new maplibregl.Marker({
      element: markerElement('', 'nearby-map-here', t('qrScan.map.you')),
    })
      .setLngLat([fix.lng, fix.lat])
      .addTo(instance);
    const candidates = elements.map((element, index) =>
      new maplibregl.Marker({
        element: markerElement(
          String(index + 1),
          element.id === chosenId ? 'nearby-map-pin nearby-map-pin-chosen' : 'nearby-map-pin',
          element.name,
        ),
      })
        .setLngLat([element.coordinates.lng, element.coordinates.lat])
        .addTo(instance),
    );
    markers.current = [here, ...candidates];
    const source = instance.getSource('accuracy') as maplibregl.GeoJSONSource | undefined;
    source?.setData(circle(fix, fix.accuracy));
    // Frames the crew and the candidates, however far the farthest shown.
    const bounds = new maplibregl.LngLatBounds([fix.lng, fix.lat], [fix.lng, fix.lat]);
    for (const e of elements) bounds.extend([e.coordinates.lng, e.coordinates.lat]);
    instance.fitBounds(bounds, { padding: 28, maxZoom: 18, duration: 0 });
  }, [fix, elements, chosenId, t]);

  return (
    <div
      ref={container}
      className="nearby-map"
      role="img"
      aria-label={t('qrScan.map.label', { count: elements.length })}
    />
  );
}

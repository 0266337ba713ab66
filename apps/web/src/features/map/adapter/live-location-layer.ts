import * as maplibregl from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';

/** A colleague's position as the map draws it. */
export interface LiveMarker {
  userId: number;
  lat: number;
  lng: number;
  /** Metres, drawn as a translucent circle. */
  accuracy: number | null;
  colour: string;
  /** Older than LOCATION_STALE_MS: drawn greyed. */
  stale: boolean;
  initials: string;
  /** The accessible name of the marker. */
  label: string;
}

const SOURCE = 'live-accuracy';
const STALE = '#868e96';
/** Metres per pixel at zoom 0 on the equator (512-pixel tiles). */
const EQUATOR_M_PER_PX = 40_075_016.686 / 512;

/**
 * Others' live positions (issue 19): a DOM marker per person, a few at most, so each is a
 * real button (named, focusable, tappable), with its accuracy as a circle layer under it.
 */
export class LiveLocationLayer {
  private readonly markers = new Map<
    number,
    { marker: maplibregl.Marker; el: HTMLButtonElement }
  >();
  private popup: maplibregl.Popup | null = null;

  constructor(
    private readonly map: maplibregl.Map,
    private readonly onPick: (userId: number) => void,
  ) {
    map.addSource(SOURCE, { type: 'geojson', data: empty() });
    map.addLayer({
      id: 'live-accuracy',
      type: 'circle',
      source: SOURCE,
      paint: {
        // Radius in metres at any zoom: r0 pixels at zoom 0, doubling with each zoom level.
        'circle-radius': [
          'interpolate',
          ['exponential', 2],
          ['zoom'],
          0,
          ['get', 'r0'],
          24,
          ['*', ['get', 'r0'], 2 ** 24],
        ],
        'circle-color': ['get', 'colour'],
        'circle-opacity': 0.12,
        'circle-stroke-color': ['get', 'colour'],
        'circle-stroke-width': 1,
        'circle-stroke-opacity': 0.5,
        'circle-pitch-alignment': 'map',
      },
    });
  }

  show(people: LiveMarker[], visible: boolean): void {
    const shown = visible ? people : [];
    const source = this.map.getSource(SOURCE) as maplibregl.GeoJSONSource | undefined;
    source?.setData({
      type: 'FeatureCollection',
      features: shown
        .filter((p) => p.accuracy !== null && p.accuracy > 0)
        .map((p) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
          properties: {
            colour: p.stale ? STALE : p.colour,
            r0: (p.accuracy ?? 0) / (EQUATOR_M_PER_PX * Math.cos((p.lat * Math.PI) / 180)),
          },
        })),
    });
    const keep = new Set(shown.map((p) => p.userId));
    for (const [id, { marker }] of this.markers) {
      if (!keep.has(id)) {
        marker.remove();
        this.markers.delete(id);
      }
    }
    for (const p of shown) {
      const entry = this.markers.get(p.userId) ?? this.add(p.userId);
      entry.marker.setLngLat([p.lng, p.lat]);
      const { el } = entry;
      el.setAttribute('aria-label', p.label);
      el.title = p.label;
      el.textContent = p.initials;
      el.dataset.stale = String(p.stale);
      el.style.background = p.stale ? STALE : p.colour;
      el.style.opacity = p.stale ? '0.75' : '1';
    }
  }

  private add(userId: number) {
    const el = document.createElement('button');
    el.type = 'button';
    el.className = 'live-location-marker';
    Object.assign(el.style, {
      width: '30px',
      height: '30px',
      borderRadius: '50%',
      border: '3px solid #fff',
      boxShadow: '0 1px 4px rgba(0,0,0,0.45)',
      color: '#fff',
      font: '700 12px/1 system-ui, sans-serif',
      padding: '0',
      cursor: 'pointer',
    });
    // Note: the map would also take the click (and select an element under the marker).
    for (const type of ['click', 'mousedown', 'touchstart', 'dblclick'] as const) {
      el.addEventListener(type, (e) => e.stopPropagation());
    }
    el.addEventListener('click', () => this.onPick(userId));
    const marker = new maplibregl.Marker({ element: el, anchor: 'center' })
      .setLngLat([0, 0])
      .addTo(this.map);
    const entry = { marker, el };
    this.markers.set(userId, entry);
    return entry;
  }

  /** The card of one marker in a popup over it (content made by the caller), or none. */
  openCard(userId: number | null, content: HTMLElement | null, onClose: () => void): void {
    // Note: forgotten before removed, or its close would be taken for the user's.
    const previous = this.popup;
    this.popup = null;
    previous?.remove();
    const entry = userId !== null ? this.markers.get(userId) : undefined;
    if (!entry || !content) return;
    const popup = new maplibregl.Popup({
      offset: 20,
      closeButton: false,
      maxWidth: '280px',
      className: 'live-location-card',
    })
      .setLngLat(entry.marker.getLngLat())
      .setDOMContent(content)
      .addTo(this.map);
    popup.on('close', () => {
      if (this.popup === popup) {
        this.popup = null;
        onClose();
      }
    });
    this.popup = popup;
  }

  /** Keeps an open card on its marker as the person moves. */
  follow(userId: number | null): void {
    const entry = userId !== null ? this.markers.get(userId) : undefined;
    if (entry && this.popup) this.popup.setLngLat(entry.marker.getLngLat());
  }

  destroy(): void {
    const popup = this.popup;
    this.popup = null;
    popup?.remove();
    for (const { marker } of this.markers.values()) marker.remove();
    this.markers.clear();
    // Note: the map may be gone already (the workspace removes it when it closes).
    try {
      if (this.map.getLayer('live-accuracy')) this.map.removeLayer('live-accuracy');
      if (this.map.getSource(SOURCE)) this.map.removeSource(SOURCE);
    } catch {
      // Nothing left to remove.
    }
  }
}

const empty = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

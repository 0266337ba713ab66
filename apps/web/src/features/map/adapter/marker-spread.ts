import type { Feature } from 'geojson';
import { MARKER_PRIORITY } from '@integration/contracts';
import { isPoint, type EditorElement } from '../core/editor-element.ts';
import { featureOf, labelFeatures } from './element-features.ts';
import { Colocation, type Marker, type SpotPlace } from './colocation.ts';

/**
 * A spread marker's feature: drawn around its spot's point, naming its place in the spot
 * (read by marker-layers.ts). Its own position stays the element's, for editing.
 */
function placed<F extends Feature>(feature: F, place: SpotPlace): F {
  return {
    ...feature,
    geometry: { type: 'Point', coordinates: [place.at.lng, place.at.lat] },
    properties: { ...feature.properties, spot: place.key },
  };
}

const markerOf = (e: EditorElement): Marker | null =>
  isPoint(e.coordinates)
    ? { fid: e.fid, at: e.coordinates, order: MARKER_PRIORITY[e.type] ?? 9 }
    : null;

const markersOf = (elements: Iterable<EditorElement>): Marker[] =>
  [...elements].flatMap((e) => markerOf(e) ?? []);

/**
 * Markers at one spot, spread apart close up. Worked out the first time the view gets to
 * SPREAD_ZOOM (a pass over every marker), then kept up to date with the elements.
 */
export class MarkerSpread {
  private colocation: Colocation | null = null;

  /** Whether the spots are worked out (and kept up to date). */
  get active(): boolean {
    return this.colocation !== null;
  }

  /** Forget the spots (null), or work them out afresh for these elements. */
  reset(elements: Iterable<EditorElement> | null): void {
    this.colocation = null;
    if (!elements) return;
    this.colocation = new Colocation();
    this.colocation.reset(markersOf(elements));
  }

  /** Work out the spots for these elements; returns the markers now spread. */
  start(elements: Iterable<EditorElement>): number[] {
    const colocation = new Colocation();
    colocation.reset(markersOf(elements));
    this.colocation = colocation;
    return colocation.spread();
  }

  /** Follow the elements' changes; returns the neighbours whose spot gained or lost a marker. */
  update(removed: EditorElement[], upserted: EditorElement[]): number[] {
    return (
      this.colocation?.update(
        removed.map((e) => e.fid),
        upserted.flatMap((e) => markerOf(e) ?? []),
      ) ?? []
    );
  }

  /** An element's feature, placed in its spot where it shares one with other markers. */
  featureOf(e: EditorElement): Feature | null {
    const feature = featureOf(e);
    const place = this.colocation?.spreadOf(e.fid);
    return feature && place ? placed(feature, place) : feature;
  }

  labelsOf(e: EditorElement): Feature[] {
    const place = this.colocation?.spreadOf(e.fid);
    const labels = labelFeatures(e);
    return place ? labels.map((f) => placed(f, place)) : labels;
  }
}

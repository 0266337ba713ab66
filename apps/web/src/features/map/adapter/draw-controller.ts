import type { Map as MapLibreMap } from 'maplibre-gl';
import {
  TerraDraw,
  TerraDrawLineStringMode,
  TerraDrawPointMode,
  TerraDrawPolygonMode,
  TerraDrawRectangleMode,
  TerraDrawSelectMode,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { LatLng } from '@integration/contracts';

export type ShapeTool = 'polyline' | 'polygon' | 'rectangle';
type Position = number[];

/** What a vertex being placed belongs to: a cable snaps to markers, a zone only when asked. */
export type SnapFor = (at: LatLng, subject: 'line' | 'zone') => LatLng | undefined;

/**
 * How far from a marker's point (pixels) a press starts dragging it: the whole icon, drawn
 * above its point, is the handle, not only the tip (terra-draw's default is 40 / 2 each way).
 */
export const MARKER_HANDLE_PX = 96;

/** The snap target and the vertex handles, visible over any base map. */
const SNAP_STYLE = {
  snappingPointColor: '#ffffff',
  snappingPointWidth: 7,
  snappingPointOutlineColor: '#ea580c',
  snappingPointOutlineWidth: 3,
} as const;
const HANDLE_STYLE = {
  selectedPointColor: '#2563eb',
  selectedPointWidth: 9,
  selectedPointOutlineColor: '#ffffff',
  selectedPointOutlineWidth: 3,
} as const;

const MODE_OF: Record<ShapeTool, string> = {
  polyline: 'linestring',
  polygon: 'polygon',
  rectangle: 'rectangle',
};

const toLatLng = (p: Position): LatLng => ({ lng: p[0] ?? 0, lat: p[1] ?? 0 });
// terra-draw refuses coordinates finer than its precision (9 decimals, ~0.1 mm).
const round = (n: number) => Math.round(n * 1e9) / 1e9;
const toPosition = (p: LatLng): Position => [round(p.lng), round(p.lat)];

/** Vertices of a drawn shape; polygon rings lose their closing vertex. */
function verticesOf(feature: GeoJSONStoreFeatures): LatLng[] | LatLng {
  const g = feature.geometry;
  if (g.type === 'Point') return toLatLng(g.coordinates);
  if (g.type === 'LineString') return g.coordinates.map(toLatLng);
  return (g.coordinates[0] ?? []).slice(0, -1).map(toLatLng);
}

export interface EditTarget {
  coordinates: LatLng | LatLng[];
  kind: 'point' | 'line' | 'polygon';
}

/**
 * terra-draw behind a small interface: draw a shape, or edit one element's geometry
 * (drag a marker; move, insert and delete vertices). Started after the map's first idle.
 */
export class DrawController {
  private readonly draw: TerraDraw;
  private readonly lineMode: TerraDrawLineStringMode;
  private onDrawn: ((vertices: LatLng[]) => void) | null = null;
  private editing: {
    id: string;
    before: LatLng | LatLng[];
    onChange(coordinates: LatLng | LatLng[], vertexIndex?: number): void;
    onEnd(): void;
  } | null = null;

  constructor(map: MapLibreMap, snap: SnapFor) {
    const snapping = (subject: 'line' | 'zone') => ({
      toCustom: (event: { lng: number; lat: number }) => {
        const target = snap({ lng: event.lng, lat: event.lat }, subject);
        return target ? toPosition(target) : undefined;
      },
    });
    const vertices = { midpoints: true, draggable: true, deletable: true };
    // Deleting goes through the editor (Delete mode, undo), not terra-draw's key.
    const keyEvents = { deselect: 'Escape', delete: null, rotate: null, scale: null };
    this.lineMode = new TerraDrawLineStringMode({ snapping: snapping('line'), styles: SNAP_STYLE });
    this.draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawPointMode(),
        this.lineMode,
        new TerraDrawPolygonMode({ snapping: snapping('zone'), styles: SNAP_STYLE }),
        new TerraDrawRectangleMode(),
        new TerraDrawSelectMode({
          keyEvents,
          styles: HANDLE_STYLE,
          flags: {
            linestring: { feature: { coordinates: vertices } },
            polygon: { feature: { coordinates: vertices } },
          },
        }),
        // A marker alone is edited here: its whole icon is the drag handle.
        new TerraDrawSelectMode({
          modeName: 'select-marker',
          pointerDistance: MARKER_HANDLE_PX,
          keyEvents,
          styles: HANDLE_STYLE,
          flags: { point: { feature: { draggable: true } } },
        }),
      ],
    });
    this.draw.start();
    this.draw.setMode('static');
    this.draw.on('finish', (id, context) =>
      this.finished(String(id), context.mode, context.action),
    );
    this.draw.on('deselect', () => this.endEdit());
    this.draw.on('change', (ids) => this.tappedLastPointAgain(ids));
  }

  /**
   * A tap on the last point of a line being drawn finishes it. When that point snapped onto
   * a marker, the tap lands beside it (where the finger was) and terra-draw would add the
   * same snapped vertex again instead: a vertex placed twice on the same spot finishes too.
   */
  private tappedLastPointAgain(ids: (string | number)[]) {
    if (this.draw.getMode() !== 'linestring' || !this.onDrawn) return;
    for (const id of ids) {
      const feature = this.draw.getSnapshotFeature(id);
      if (!feature || feature.geometry.type !== 'LineString') continue;
      if (!feature.properties.currentlyDrawing) continue;
      // While drawing, the last position follows the pointer; after a click it repeats the
      // vertex just placed. Three equal at the end: the same vertex was placed twice.
      const c = feature.geometry.coordinates;
      const [a, b, z] = c.slice(-3);
      if (c.length < 4 || !a || !b || !z || !same(a, b) || !same(b, z)) continue;
      // Finished after terra-draw has handled this click, as its own finishing key does.
      setTimeout(() => {
        if (this.onDrawn && this.draw.getMode() === 'linestring') {
          this.lineMode.onKeyUp({ key: 'Enter', heldKeys: [], preventDefault: () => undefined });
        }
      });
      return;
    }
  }

  private finished(id: string, mode: string, action: string) {
    const feature = this.draw.getSnapshotFeature(id);
    if (!feature) return;
    if (action === 'draw' && this.onDrawn) {
      const vertices = verticesOf(feature);
      this.draw.removeFeatures([id]);
      this.onDrawn(Array.isArray(vertices) ? vertices : [vertices]);
      return;
    }
    if (mode.startsWith('select') && this.editing && this.editing.id === id) {
      const after = verticesOf(feature);
      const vertexIndex =
        action === 'dragCoordinate' && Array.isArray(after) && Array.isArray(this.editing.before)
          ? changedIndex(this.editing.before, after)
          : undefined;
      this.editing.before = after;
      this.editing.onChange(after, vertexIndex);
    }
  }

  /** Draw one shape; the callback gets its vertices. */
  startDrawing(tool: ShapeTool, onDrawn: (vertices: LatLng[]) => void): void {
    this.endEdit();
    this.onDrawn = onDrawn;
    this.draw.setMode(MODE_OF[tool]);
  }

  stopDrawing(): void {
    this.onDrawn = null;
    if (['linestring', 'polygon', 'rectangle'].includes(this.draw.getMode())) {
      this.draw.setMode('static');
      this.draw.clear();
    }
  }

  /** Hand one element's geometry to terra-draw for editing. */
  edit(
    target: EditTarget,
    onChange: (coordinates: LatLng | LatLng[], vertexIndex?: number) => void,
    onEnd: () => void,
  ): void {
    this.stopDrawing();
    this.endEdit();
    const c = target.coordinates;
    const geometry =
      target.kind === 'point' && !Array.isArray(c)
        ? { type: 'Point' as const, coordinates: toPosition(c) }
        : target.kind === 'line' && Array.isArray(c)
          ? { type: 'LineString' as const, coordinates: c.map(toPosition) }
          : Array.isArray(c)
            ? { type: 'Polygon' as const, coordinates: [closed(c).map(toPosition)] }
            : null;
    if (!geometry) return;
    const id = this.draw.getFeatureId();
    const mode =
      target.kind === 'point' ? 'point' : target.kind === 'line' ? 'linestring' : 'polygon';
    this.draw.setMode(target.kind === 'point' ? 'select-marker' : 'select');
    const [result] = this.draw.addFeatures([
      { id, type: 'Feature', geometry, properties: { mode } },
    ]);
    if (!result?.valid) return;
    // Rings are compared without their closing vertex, as verticesOf gives them.
    const before = target.kind === 'polygon' && Array.isArray(c) ? closed(c).slice(0, -1) : c;
    this.editing = { id: String(id), before, onChange, onEnd };
    this.draw.selectFeature(id);
  }

  /** Move the editable copy after the element changed (snap, undo). */
  sync(coordinates: LatLng | LatLng[]): void {
    if (!this.editing) return;
    const id = this.editing.id;
    const current = this.draw.getSnapshotFeature(id);
    if (!current) return;
    const g = current.geometry;
    const geometry =
      g.type === 'Point' && !Array.isArray(coordinates)
        ? { type: 'Point' as const, coordinates: toPosition(coordinates) }
        : g.type === 'LineString' && Array.isArray(coordinates)
          ? { type: 'LineString' as const, coordinates: coordinates.map(toPosition) }
          : Array.isArray(coordinates)
            ? { type: 'Polygon' as const, coordinates: [closed(coordinates).map(toPosition)] }
            : null;
    if (!geometry) return;
    this.editing.before = coordinates;
    this.draw.updateFeatureGeometry(id, geometry);
  }

  get editingNow(): boolean {
    return this.editing !== null;
  }

  endEdit(): void {
    const editing = this.editing;
    if (!editing) return;
    this.editing = null;
    if (this.draw.hasFeature(editing.id)) this.draw.removeFeatures([editing.id]);
    if (this.draw.getMode().startsWith('select')) this.draw.setMode('static');
    editing.onEnd();
  }

  destroy(): void {
    this.editing = null;
    this.draw.stop();
  }
}

const same = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

function closed(ring: LatLng[]): LatLng[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last) return ring;
  return first.lat === last.lat && first.lng === last.lng ? ring : [...ring, first];
}

/** Which vertex a drag moved (same length before and after). */
function changedIndex(before: LatLng[], after: LatLng[]): number | undefined {
  if (before.length !== after.length) return undefined;
  const i = after.findIndex((p, k) => p.lat !== before[k]?.lat || p.lng !== before[k]?.lng);
  return i >= 0 ? i : undefined;
}

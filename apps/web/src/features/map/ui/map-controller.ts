import type { MapMouseEvent } from 'maplibre-gl';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { LatLng } from '@integration/contracts';
import { DrawController, type ShapeTool } from '../adapter/draw-controller.ts';
import type { MapView } from '../adapter/map-view.ts';
import { isPoint, pointsOf, type EditorElement } from '../core/editor-element.ts';
import type { Editor } from '../core/editor.ts';
import type { EditorState } from '../core/editor-state.ts';
import { areaM2, boundsOf, lengthM } from '../core/geo.ts';
import { measurementOverlay } from './measurement-overlay.ts';
import type { RouteSearch } from '../core/route-search.ts';
import { bindRoutes, routeAt } from './route-overlay.ts';
import type { Interaction, ToolbarMode } from '../core/interaction.ts';
import { modeAfterDrawing } from '../core/interaction.ts';

/**
 * The click that ends a drawing (terra-draw finishes on its pointerup) reaches the map's own
 * click handler a moment later, in the editing mode the drawing led to: it must not pick
 * the element under it (an existing cable at the snapped pole, the cluster's boundary zone)
 * in place of the one just drawn. Clicks this soon after a drawing ended are that click.
 */
const FINISHING_CLICK_MS = 400;

/** How near its edge (pixels) a click picks a zone by its outline. */
const EDGE_PX = 8;

/** Which elements a toolbar mode acts on. */
const TARGETS: Record<ToolbarMode, (e: EditorElement) => boolean> = {
  delete: () => true,
  getInfo: () => true,
  editMarker: (e) => isPoint(e.coordinates),
  editLine: (e) => e.type === 'Cable',
  editZone: (e) => e.type === 'Zone',
  createRoute: (e) => e.type === 'Cable',
};

/**
 * Binds the editor engine to the map: element diffs to sources, state to layers, clicks to
 * the current interaction, and terra-draw edits back to the engine's one mutation path.
 */
export class MapController {
  private draw: DrawController | null = null;
  private editingKey: string | null = null;
  private drawingEndedAt = -Infinity;
  private hoverFrame = 0;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly editor: Editor,
    private readonly view: MapView,
    /** Create Route's search, when the page offers it. */
    private readonly routes?: RouteSearch,
  ) {}

  async start(): Promise<void> {
    await this.view.ready;
    const { editor, view } = this;
    view.showAll(editor.collection);
    view.setLayers(editor.get().layers);
    this.draw = new DrawController(view.map, (at, subject) => editor.snapTarget(at, subject)?.at);
    this.unsubscribe.push(
      editor.collection.subscribe((diff) => {
        view.apply(diff, editor.collection);
        const key = this.editingKey;
        if (!key) return;
        if (diff.removed.some((e) => e.key === key)) this.draw?.endEdit();
        const changed = diff.upserted.find((e) => e.key === key);
        if (changed) this.draw?.sync(changed.coordinates);
      }),
      editor.state.subscribe((state, previous) => this.stateChanged(state, previous)),
    );
    if (this.routes) this.unsubscribe.push(bindRoutes(view, this.routes));
    const click = (e: MapMouseEvent) => this.click(e);
    const dblclick = (e: MapMouseEvent) => {
      if (this.editor.get().interaction.kind === 'measure') e.preventDefault();
    };
    const hover = (e: MapMouseEvent) => this.hover(e);
    const leave = () => {
      view.setHover(null);
      view.setOverlay('snap', null);
    };
    view.map.on('click', click);
    view.map.on('dblclick', dblclick);
    view.map.on('mousemove', hover);
    view.map.on('mouseout', leave);
    this.unsubscribe.push(() => {
      view.map.off('click', click);
      view.map.off('dblclick', dblclick);
      view.map.off('mousemove', hover);
      view.map.off('mouseout', leave);
      cancelAnimationFrame(this.hoverFrame);
    });
    this.enter(editor.get().interaction);
  }

  private stateChanged(state: EditorState, previous: EditorState) {
    const { view } = this;
    if (state.layers !== previous.layers) view.setLayers(state.layers);
    if (state.mapType !== previous.mapType) view.setMapType(state.mapType);
    if (state.selection !== previous.selection || state.revision !== previous.revision) {
      view.setSelection(this.elements(state.selection));
    }
    if (state.interaction !== previous.interaction) this.enter(state.interaction);
    if (state.snapping !== previous.snapping) view.setOverlay('snap', null);
    if (state.measurement !== previous.measurement) {
      view.setOverlay('measure', measurementOverlay(state.measurement));
    }
  }

  private elements(keys: string[]): EditorElement[] {
    return keys.flatMap((k) => this.editor.collection.get(k) ?? []);
  }

  /** A new interaction: leave drawing and editing, then set up what it needs. */
  private enter(interaction: Interaction) {
    const draw = this.draw;
    if (!draw) return;
    draw.stopDrawing();
    draw.endEdit();
    this.view.setOverlay('snap', null);
    const canvas = this.view.map.getCanvas();
    canvas.style.cursor =
      interaction.kind === 'draw' || interaction.kind === 'measure' ? 'crosshair' : '';
    if (interaction.kind === 'draw' && interaction.tool !== 'marker') {
      draw.startDrawing(interaction.tool, (vertices) =>
        this.drawn(interaction.tool as ShapeTool, vertices),
      );
    }
  }

  private click(event: MapMouseEvent) {
    const { editor } = this;
    if (performance.now() - this.drawingEndedAt < FINISHING_CLICK_MS) return;
    const interaction = editor.get().interaction;
    const at: LatLng = { lat: event.lngLat.lat, lng: event.lngLat.lng };
    if (interaction.kind === 'draw') {
      // Too far out to see what is there (the map says "Zoom in to edit"): no marker.
      if (interaction.tool !== 'marker' || !this.view.canEditAtZoom()) return;
      const key = editor.create(interaction.pointType, at);
      this.afterDrawing('marker', key);
      editor.openDetail(key, true);
      return;
    }
    if (interaction.kind === 'measure') return this.measureClick(interaction.tool, at, event);
    // A route offered by Create Route is drawn over the cables: a click on it picks it.
    const route =
      this.routes && interaction.kind === 'mode' ? routeAt(this.view, event.point) : null;
    if (route !== null && this.routes?.choose(route)) return;
    const hits = this.view
      .hitTest(event.point)
      .flatMap((fid) => editor.collection.byFid(fid) ?? [])
      // A layer just switched off may still be on screen until the next frame: skip it.
      .filter((e) => e.key !== this.editingKey && this.view.isVisible(e));
    if (interaction.kind === 'idle') {
      editor.select(hits.slice(0, 1).map((e) => e.key));
      return;
    }
    const targets = topmost(hits.filter(TARGETS[interaction.mode]));
    if (targets.length === 0) {
      if (!this.editingKey) editor.select([]);
      return;
    }
    if (targets.length > 1) editor.offerCandidates(targets.map((e) => e.key));
    else this.act(targets[0]?.key ?? '', this.insideZone(targets[0], event.point));
  }

  /** A zone picked by a click inside it, away from its edge (its fill, "empty" ground). */
  private insideZone(element: EditorElement | undefined, at: { x: number; y: number }) {
    if (!element || element.type !== 'Zone' || isPoint(element.coordinates)) return false;
    const ring = element.coordinates.map((p) => this.view.map.project([p.lng, p.lat]));
    return !ring.some((a, i) => {
      const b = ring[(i + 1) % ring.length] ?? a;
      return distanceToSegment(at, a, b) <= EDGE_PX;
    });
  }

  /**
   * The element under the pointer shows whole with its name, and the cursor says it can be
   * clicked. Once a frame at most: a hit test per mouse event would cost a busy map frames.
   */
  private hover(event: MapMouseEvent) {
    cancelAnimationFrame(this.hoverFrame);
    this.hoverFrame = requestAnimationFrame(() => {
      const { view, editor } = this;
      const interaction = editor.get().interaction;
      const kind = interaction.kind;
      const dragging = event.originalEvent.buttons !== 0;
      this.previewSnap(event, dragging);
      if (kind === 'draw' || kind === 'measure' || dragging) return view.setHover(null);
      const element = view
        .hitTest(event.point)
        .flatMap((fid) => editor.collection.byFid(fid) ?? [])
        .find((e) => e.key !== this.editingKey && view.isVisible(e));
      view.setHover(element ?? null);
      const route = this.routes && kind === 'mode' && routeAt(view, event.point) !== null;
      view.map.getCanvas().style.cursor = element || route ? 'pointer' : '';
    });
  }

  /**
   * The marker a vertex would land on, ringed before the click (drawing a cable or a zone)
   * or the release (dragging a marker or a vertex of the element being edited).
   */
  private previewSnap(event: MapMouseEvent, dragging: boolean) {
    const { editor, view } = this;
    const interaction = editor.get().interaction;
    const at = { lat: event.lngLat.lat, lng: event.lngLat.lng };
    let target: { key: string; at: LatLng } | null = null;
    if (interaction.kind === 'draw' && interaction.tool !== 'rectangle') {
      const subject = interaction.tool === 'polygon' ? 'zone' : 'line';
      if (interaction.tool !== 'marker') target = editor.snapTarget(at, subject);
    } else if (dragging && this.editingKey) {
      const element = editor.collection.get(this.editingKey);
      const subject = !element
        ? null
        : isPoint(element.coordinates)
          ? 'marker'
          : element.type === 'Zone'
            ? 'zone'
            : 'line';
      if (subject) target = editor.snapTarget(at, subject, this.editingKey);
    }
    view.setOverlay('snap', target ? snapRing(target.at) : null);
  }

  /** The element the click (or the select-element modal) chose, in the current mode. */
  act(key: string, insideZone = false): void {
    const { editor } = this;
    editor.offerCandidates(null);
    const interaction = editor.get().interaction;
    const element = editor.collection.get(key);
    if (!element || interaction.kind !== 'mode') return;
    switch (interaction.mode) {
      case 'delete':
        // Nothing goes before the confirmation that names it (DeleteConfirmModal).
        editor.requestDelete([key], insideZone);
        return;
      case 'getInfo':
        editor.select([key]);
        editor.openDetail(key);
        return;
      case 'createRoute':
        editor.select([key]);
        void this.routes?.search(key);
        return;
      default:
        editor.select([key]);
        this.beginEdit(key);
    }
  }

  /** Give an element to terra-draw: drag a marker, reshape a line or zone. */
  private beginEdit(key: string) {
    const element = this.editor.collection.get(key);
    if (!element || !this.draw) return;
    this.draw.endEdit();
    this.editingKey = key;
    this.editor.setEditing(key);
    this.view.setEditing(element, true);
    const kind = isPoint(element.coordinates)
      ? 'point'
      : element.type === 'Zone'
        ? 'polygon'
        : 'line';
    this.draw.edit(
      { coordinates: element.coordinates, kind },
      (coordinates, vertexIndex) => this.editor.finishDrag(key, coordinates, vertexIndex),
      () => {
        const current = this.editor.collection.get(key);
        if (current) this.view.setEditing(current, false);
        this.view.setOverlay('snap', null);
        if (this.editingKey === key) {
          this.editingKey = null;
          this.editor.setEditing(null);
        }
      },
    );
  }

  /** Done (the editing panel, Escape): the element is left as it is, already saved. */
  finishEditing(): void {
    this.draw?.endEdit();
  }

  /** A shape was drawn: a cable or zone is created and opened for editing (SPEC §4). */
  private drawn(tool: ShapeTool, vertices: LatLng[]) {
    const { editor } = this;
    this.drawingEndedAt = performance.now();
    this.view.setOverlay('snap', null);
    if (tool === 'rectangle') {
      editor.select(this.insideBox(vertices));
      return;
    }
    if (tool === 'polyline' && vertices.length < 2) return;
    if (tool === 'polygon' && vertices.length < 3) return;
    const key = editor.create(tool === 'polyline' ? 'Cable' : 'Zone', vertices);
    this.afterDrawing(tool, key);
  }

  private afterDrawing(tool: 'marker' | 'polyline' | 'polygon', key: string) {
    const mode = modeAfterDrawing(tool);
    if (mode) this.editor.setInteraction({ kind: 'mode', mode });
    this.editor.select([key]);
    this.beginEdit(key);
  }

  /** Every visible element entirely inside the rectangle. */
  private insideBox(corners: LatLng[]): string[] {
    const lats = corners.map((c) => c.lat);
    const lngs = corners.map((c) => c.lng);
    const [s, n, w, e] = [
      Math.min(...lats),
      Math.max(...lats),
      Math.min(...lngs),
      Math.max(...lngs),
    ];
    const inside = (p: LatLng) => p.lat >= s && p.lat <= n && p.lng >= w && p.lng <= e;
    const keys: string[] = [];
    for (const element of this.editor.collection.visible()) {
      if (!this.view.isVisible(element)) continue;
      if (pointsOf(element.coordinates).every(inside)) keys.push(element.key);
    }
    return keys;
  }

  private measureClick(
    tool: 'coordinates' | 'distance' | 'area' | 'route',
    at: LatLng,
    event: MapMouseEvent,
  ) {
    const { editor } = this;
    if (tool === 'coordinates') {
      editor.measure({ tool, points: [at], value: 0 });
      return;
    }
    if (tool === 'route') {
      const cable = this.view
        .hitTest(event.point)
        .flatMap((fid) => editor.collection.byFid(fid) ?? [])
        .find((e) => e.type === 'Cable');
      if (!cable || isPoint(cable.coordinates)) return;
      editor.select([cable.key]);
      editor.measure({ tool, points: cable.coordinates, value: lengthM(cable.coordinates) });
      return;
    }
    const previous = editor.get().measurement;
    const points = [...(previous?.tool === tool ? previous.points : []), at];
    editor.measure({ tool, points, value: tool === 'distance' ? lengthM(points) : areaM2(points) });
  }

  /** Fly to an element found by the search and select it. */
  reveal(key: string): void {
    const element = this.editor.collection.get(key);
    if (!element) return;
    const points = pointsOf(element.coordinates);
    const first = points[0];
    if (points.length === 1 && first) this.view.flyTo(first);
    else {
      const lats = points.map((p) => p.lat);
      const lngs = points.map((p) => p.lng);
      this.view.fitTo(
        [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)],
        true,
      );
    }
    this.editor.select([key]);
  }

  /** Show an import's layers over the map, framed, before they become elements. */
  preview(layers: { features: unknown[] }[] | null): void {
    // The import answers GeoJSON FeatureCollections (reprojected to WGS84).
    const features = (layers ?? []).flatMap((l) => l.features as Feature[]);
    this.view.setOverlay('preview', layers ? { type: 'FeatureCollection', features } : null);
    const points = features.flatMap((f) => positionsOf(f.geometry));
    if (points.length) this.view.fitTo(boundsOf(points), true);
  }

  stop(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    this.draw?.destroy();
    this.draw = null;
  }
}

type Pixel = { x: number; y: number };

function distanceToSegment(p: Pixel, a: Pixel, b: Pixel): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2)) : 0;
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** A ring around the marker a vertex would snap to. */
function snapRing(at: LatLng): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: {},
        geometry: { type: 'Point', coordinates: [at.lng, at.lat] },
      },
    ],
  };
}

/** Markers before cables, cables before zones. */
const rank = (e: EditorElement) => (isPoint(e.coordinates) ? 0 : e.type === 'Cable' ? 1 : 2);

/**
 * The elements a click means: those of the kind drawn on top. A marker or a cable inside a
 * zone is what a tap on it is for (a cluster is usually covered by zones, and asking "the
 * marker or the zone?" at every tap would make a phone unusable); the zone is picked by a
 * click beside them. Several of the same kind still open the select-element modal.
 */
function topmost(hits: EditorElement[]): EditorElement[] {
  const best = Math.min(...hits.map(rank));
  return hits.filter((e) => rank(e) === best);
}

/** Every position of a GeoJSON geometry, as lat/lng. */
function positionsOf(g: Geometry | null): LatLng[] {
  if (!g) return [];
  if (g.type === 'GeometryCollection') return g.geometries.flatMap(positionsOf);
  const flat = (c: unknown): number[][] =>
    Array.isArray(c) && typeof c[0] === 'number' ? [c as number[]] : (c as unknown[]).flatMap(flat);
  return flat(g.coordinates).map(([lng = 0, lat = 0]) => ({ lat, lng }));
}

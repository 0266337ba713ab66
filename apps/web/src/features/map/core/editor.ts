import {
  attributeKey,
  type ElementTemplate,
  type ElementTypeName,
  type LatLng,
  type MapElement,
} from '@integration/contracts';
import {
  contentOf,
  isPoint,
  withAttributeName,
  withDerived,
  type EditorElement,
  type ElementContent,
  type ElementStyle,
} from './editor-element.ts';
import { ElementCollection } from './element-collection.ts';
import { createEditorState, type EditorState, type EditorStore } from './editor-state.ts';
import type { Interaction, MapType, ToolbarMode } from './interaction.ts';
import { PatchHistory, type ElementChange, type Patch } from './patch.ts';
import type { PendingStore } from './pending-store.ts';
import type { SaveGateway } from './save-gateway.ts';
import { SaveQueue, type SaveEvents } from './save-queue.ts';
import { SnapIndex } from './snap-index.ts';
import {
  browserSnapSettings,
  snaps,
  withoutRepeats,
  type SnapSettings,
  type SnapSettingsStore,
  type SnapSubject,
} from './snap-settings.ts';

export interface EditorDeps {
  clusterId: number;
  /** Every element of the cluster; rejects unless every per-type fetch succeeded. */
  loadElements(clusterId: number): Promise<MapElement[]>;
  /** The project's templates of every type. */
  loadTemplates(): Promise<ElementTemplate[]>;
  gateway: SaveGateway;
  pending: PendingStore;
  /** Toasts and the like; the editor itself keeps statuses in its state. */
  events?: Partial<Pick<SaveEvents, 'onSaved' | 'onFailed' | 'onGone'>>;
  mapType?: MapType;
  autosaveDelayMs?: number;
  newKey?: () => string;
  /** Where the snapping switch and tolerance are kept (default: this browser's storage). */
  snapSettings?: SnapSettingsStore;
}

let counter = 0;
const defaultKey = () => `n${globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${++counter}`}`;

/**
 * The map editor's engine: elements, edits, undo, autosave and sync. It imports neither
 * React nor MapLibre; screens read `state` and call its methods.
 */
export class Editor {
  readonly state: EditorStore;
  readonly collection = new ElementCollection();
  readonly history = new PatchHistory();
  readonly templates = new Map<ElementTypeName, ElementTemplate>();
  private readonly templatesById = new Map<number, ElementTemplate>();
  private readonly queue: SaveQueue;
  private snapCache: SnapIndex | null = null;
  private persistChain: Promise<void> = Promise.resolve();
  /** The server's elements as last taken in, to skip a sync that brings nothing new. */
  private lastRemote: MapElement[] | null = null;
  private disposed = false;
  private readonly snapStore: SnapSettingsStore;

  constructor(private readonly deps: EditorDeps) {
    this.state = createEditorState(deps.mapType);
    this.snapStore = deps.snapSettings ?? browserSnapSettings();
    this.state.setState({ snapping: this.snapStore.load() });
    this.queue = new SaveQueue(
      this.collection,
      deps.gateway,
      {
        onState: (state, pending, message) => this.set({ save: { state, pending, message } }),
        onSaved: (kind, n) => deps.events?.onSaved?.(kind, n),
        onFailed: (kind, message) => deps.events?.onFailed?.(kind, message),
        onConflict: (elements) => this.addConflicts(elements),
        onGone: (elements) => deps.events?.onGone?.(elements),
        onSettled: () => this.persist(),
      },
      deps.autosaveDelayMs,
    );
    this.collection.subscribe(() => {
      this.snapCache = null;
      this.set({ revision: this.get().revision + 1 });
    });
  }

  get clusterId() {
    return this.deps.clusterId;
  }
  get(): EditorState {
    return this.state.getState();
  }
  private set(patch: Partial<EditorState>) {
    if (!this.disposed) this.state.setState(patch);
  }

  // ---- loading and sync ----

  async load(): Promise<void> {
    this.set({ status: 'loading' });
    try {
      const [elements, templates, pending] = await Promise.all([
        this.deps.loadElements(this.clusterId),
        this.deps.loadTemplates(),
        this.deps.pending.load(this.clusterId),
      ]);
      for (const t of templates) {
        this.templatesById.set(t.id, t);
        if (t.isDefault || !this.templates.has(t.type)) this.templates.set(t.type, t);
      }
      this.collection.reset(elements);
      this.lastRemote = elements;
      this.collection.batched(() => pending.forEach((p) => this.collection.restore(p)));
      this.set({ status: 'ready' });
      if (pending.length) this.queue.schedule(0);
    } catch (error) {
      this.set({ status: 'failed' });
      throw error;
    }
  }

  /** Periodic refetch (SPEC §4): skipped while edits wait to be saved. */
  async sync(): Promise<boolean> {
    if (this.collection.pending().length > 0 || this.queue.busy) return false;
    const elements = await this.deps.loadElements(this.clusterId);
    if (this.collection.pending().length > 0 || this.queue.busy) return false;
    // The loader answers the very array it gave last when nothing changed on the server.
    if (elements !== this.lastRemote) this.collection.mergeRemote(elements);
    this.lastRemote = elements;
    return true;
  }

  /** Take in what others added (an import): local changes still win over remote ones. */
  async refresh(): Promise<void> {
    this.lastRemote = await this.deps.loadElements(this.clusterId);
    this.collection.mergeRemote(this.lastRemote);
  }

  /** Send pending edits now (e.g. when the connection comes back). */
  saveNow(): Promise<void> {
    return this.queue.flush();
  }

  dispose(): void {
    this.queue.stop();
    this.disposed = true;
  }

  // ---- the one mutation path ----

  /** Apply an edit: statuses, undo entry, local copy and autosave all follow from it. */
  transact(given: Patch, record = true): void {
    // A read-only map never queues an edit the server would refuse.
    if (!this.get().canEdit) return;
    const patch = withoutRepeatedVertices(given);
    if (patch.changes.length === 0) return;
    this.collection.batched(() => {
      for (const change of patch.changes) {
        this.collection.applyContent(change.key, change.after, this.styleFor(change.after));
      }
    });
    if (record) this.history.record(patch);
    this.afterEdit();
  }

  undo(): boolean {
    const patch = this.history.takeUndo();
    if (patch) this.transact(patch, false);
    this.afterEdit();
    return Boolean(patch);
  }

  redo(): boolean {
    const patch = this.history.takeRedo();
    if (patch) this.transact(patch, false);
    this.afterEdit();
    return Boolean(patch);
  }

  private afterEdit() {
    this.set({ canUndo: this.history.canUndo, canRedo: this.history.canRedo });
    this.persist();
    this.queue.schedule();
  }

  /** Keep the unsaved edits in the browser's storage, in order. */
  private persist(): void {
    const pending = this.collection.pending().map((e) => ({ ...e, conflict: undefined }));
    this.persistChain = this.persistChain
      .then(() => this.deps.pending.save(this.clusterId, pending))
      .catch(() => undefined);
  }

  /** Resolves once every edit so far is in the browser's storage. */
  persisted(): Promise<void> {
    return this.persistChain;
  }

  private styleFor(content: ElementContent | null): ElementStyle {
    if (!content) return {};
    const style = this.templateOf(content)?.style ?? {};
    return content.type === 'Cable' || content.type === 'Zone'
      ? { color: style.color, cables: style.cables, lines: style.lines }
      : { iconUrl: style.iconUrl };
  }

  private change(key: string, after: ElementContent | null): ElementChange {
    const current = this.collection.get(key);
    const before = current && current.status !== 'delete' ? contentOf(current) : null;
    return { key, before, after };
  }

  // ---- edits ----

  /** Draw a new element with its template's defaults; the server names it. */
  create(
    type: ElementTypeName,
    coordinates: LatLng | LatLng[],
    key = (this.deps.newKey ?? defaultKey)(),
  ): string {
    const template = this.templates.get(type);
    const attributes = (template?.attributes ?? []).map((d) => ({
      name: d.name,
      value: d.default ?? '',
      inputType: d.inputType,
      attribute_name: attributeKey(d.name),
    }));
    const content: ElementContent = {
      type,
      name: '',
      coordinates,
      attributes: withDerived(type, coordinates, attributes),
      templateId: template?.id ?? 0,
      clusterId: this.clusterId,
    };
    this.transact({
      note: 'map.history.created',
      changes: [{ key, before: null, after: content }],
    });
    return key;
  }

  /** Move a marker or reshape a line or zone. */
  reshape(key: string, coordinates: LatLng | LatLng[], note = 'map.history.moved'): void {
    const current = this.collection.get(key);
    if (!current) return;
    const after = {
      ...contentOf(current),
      coordinates,
      attributes: withDerived(current.type, coordinates, current.attributes),
    };
    this.transact({ note, changes: [this.change(key, after)] });
  }

  /** Rename or change attributes (the detail modal). Name and the Name attribute stay equal. */
  edit(key: string, name: string, attributes: EditorElement['attributes']): void {
    const current = this.collection.get(key);
    if (!current) return;
    const after = { ...contentOf(current), name, attributes: withAttributeName(attributes, name) };
    this.transact({ note: 'map.history.edited', changes: [this.change(key, after)] });
  }

  remove(keys: string[]): void {
    const changes = keys.filter((k) => this.collection.get(k)).map((k) => this.change(k, null));
    this.transact({ note: 'map.history.deleted', changes });
    this.select(this.get().selection.filter((k) => !keys.includes(k)));
  }

  /** Deleting asks first (the confirmation names what goes); nothing changes until then. */
  requestDelete(keys: string[], insideZone = false): void {
    const present = keys.filter((k) => {
      const e = this.collection.get(k);
      return e && e.status !== 'delete';
    });
    if (present.length && this.get().canEdit) {
      this.set({ deleteRequest: { keys: present, insideZone } });
    }
  }

  /** The user confirmed: the elements asked about are deleted (one undo entry). */
  confirmDelete(): string[] {
    const keys = this.get().deleteRequest?.keys ?? [];
    this.set({ deleteRequest: null });
    if (keys.length) this.remove(keys);
    return keys;
  }

  cancelDelete(): void {
    this.set({ deleteRequest: null });
  }

  // ---- snapping (SPEC §4) ----

  snapIndex(): SnapIndex {
    if (!this.snapCache) {
      const targets = [];
      for (const e of this.collection.visible()) {
        if (isPoint(e.coordinates)) targets.push({ key: e.key, at: e.coordinates });
      }
      this.snapCache = new SnapIndex(targets);
    }
    return this.snapCache;
  }

  /** Switch snapping, change its tolerance or let zones snap; kept for the next visit. */
  setSnapping(patch: Partial<SnapSettings>): void {
    const snapping = { ...this.get().snapping, ...patch };
    this.set({ snapping });
    this.snapStore.save(snapping);
  }

  /**
   * The marker a point being placed would land on, under the user's settings: none when
   * snapping is off, or for a zone corner unless zones snap too.
   */
  snapTarget(at: LatLng, subject: SnapSubject, exceptKey?: string) {
    const settings = this.get().snapping;
    if (!snaps(settings, subject)) return null;
    return this.snapIndex().nearest(at, exceptKey, settings.toleranceM);
  }

  /**
   * After a drag: a marker snaps onto a marker within the tolerance; a line or zone vertex
   * snaps silently within 0.5 m, and beyond that the user is asked first.
   */
  finishDrag(key: string, coordinates: LatLng | LatLng[], vertexIndex?: number): void {
    const element = this.collection.get(key);
    if (!element) return;
    if (isPoint(coordinates)) {
      const target = this.snapTarget(coordinates, 'marker', key);
      this.reshape(key, target ? target.at : coordinates);
      return;
    }
    this.reshape(key, coordinates, 'map.history.reshaped');
    if (vertexIndex === undefined) return;
    const vertex = coordinates[vertexIndex];
    const subject = element.type === 'Zone' ? 'zone' : 'line';
    const target = vertex && this.snapTarget(vertex, subject, key);
    if (!target) return;
    if (target.m <= 0.5) {
      this.snapVertex(key, vertexIndex, target.at);
      return;
    }
    this.pendingSnap = { key, vertexIndex, at: target.at };
    this.set({
      snapQuestion: {
        key,
        targetName: this.collection.get(target.key)?.name ?? '',
        metres: target.m,
      },
    });
  }

  private pendingSnap: { key: string; vertexIndex: number; at: LatLng } | null = null;

  answerSnap(accept: boolean): void {
    const snap = this.pendingSnap;
    this.pendingSnap = null;
    this.set({ snapQuestion: null });
    if (accept && snap) this.snapVertex(snap.key, snap.vertexIndex, snap.at);
  }

  private snapVertex(key: string, index: number, at: LatLng) {
    const element = this.collection.get(key);
    if (!element || isPoint(element.coordinates)) return;
    const path = element.coordinates.map((p, i) => (i === index ? at : p));
    this.reshape(key, path, 'map.history.snapped');
  }

  // ---- conflicts (409) ----

  private addConflicts(elements: EditorElement[]) {
    const entries = elements.flatMap((e) =>
      e.conflict
        ? [
            {
              key: e.key,
              mine: { name: e.name, coordinates: e.coordinates, attributes: e.attributes },
              theirs: e.conflict,
            },
          ]
        : [],
    );
    const others = this.get().conflicts.filter((c) => !entries.some((e) => e.key === c.key));
    this.set({ conflicts: [...others, ...entries] });
  }

  /** Keep my version (sent again over theirs) or take theirs (my change is dropped). */
  resolveConflict(key: string, keep: 'mine' | 'theirs'): void {
    const entry = this.get().conflicts.find((c) => c.key === key);
    if (!entry) return;
    this.set({ conflicts: this.get().conflicts.filter((c) => c.key !== key) });
    if (keep === 'theirs') this.collection.acceptRemote(entry.theirs);
    else this.collection.rebase(key, entry.theirs.version);
    this.persist();
    this.queue.schedule(0);
  }

  /**
   * Drop local changes the server refused (a 403, a bad value): new elements vanish, edited
   * and deleted ones take the server's copy again.
   */
  async discard(keys: string[]): Promise<void> {
    this.collection.batched(() => keys.forEach((k) => this.collection.forget(k)));
    this.persist();
    await this.refresh();
    this.set({ save: { ...this.get().save, pending: this.collection.pending().length } });
    this.queue.schedule(0);
  }

  // ---- interaction and view state ----

  /** Read-only for users the server would refuse: set once per cluster opened. */
  setCanEdit(canEdit: boolean): void {
    this.set(canEdit ? { canEdit } : { canEdit, interaction: { kind: 'idle' }, detail: null });
  }

  setInteraction(interaction: Interaction): void {
    // A read-only map reads and measures: no tool that would change an element (`?tool=`, keys).
    const reads =
      interaction.kind === 'idle' ||
      interaction.kind === 'measure' ||
      (interaction.kind === 'mode' && interaction.mode === 'getInfo');
    if (!reads && !this.get().canEdit) return;
    this.set({ interaction, measurement: null });
  }

  /** Toolbar buttons toggle: selecting one sets it, selecting it again clears it. */
  toggleMode(mode: ToolbarMode): void {
    const current = this.get().interaction;
    const active = current.kind === 'mode' && current.mode === mode;
    this.setInteraction(active ? { kind: 'idle' } : { kind: 'mode', mode });
  }

  select(keys: string[]): void {
    this.set({ selection: keys });
  }

  /** The element whose geometry the map hands out for editing now (null: none). */
  setEditing(key: string | null): void {
    if (this.get().editing !== key) this.set({ editing: key });
  }

  setLayer(type: ElementTypeName, on: boolean): void {
    this.set({ layers: { ...this.get().layers, [type]: on } });
  }

  setMapType(mapType: MapType): void {
    this.set({ mapType });
  }

  openDetail(key: string | null, editing = false): void {
    this.set({ detail: key ? { key, editing } : null, candidates: null });
  }

  offerCandidates(keys: string[] | null): void {
    this.set({ candidates: keys });
  }

  measure(measurement: EditorState['measurement']): void {
    this.set({ measurement });
  }

  templateOf(element: Pick<EditorElement, 'templateId' | 'type'>): ElementTemplate | undefined {
    return this.templatesById.get(element.templateId) ?? this.templates.get(element.type);
  }
}

/**
 * The one mutation path never stores a vertex repeated right after itself (a snapped tap on
 * the last point): paths lose the repeats, and a path left too short for its kind is dropped.
 */
function withoutRepeatedVertices(patch: Patch): Patch {
  let changed = false;
  const changes = patch.changes.flatMap((c) => {
    const after = c.after;
    if (!after || isPoint(after.coordinates)) return [c];
    const ring = after.type === 'Zone';
    const path = withoutRepeats(after.coordinates, ring);
    if (path.length === after.coordinates.length) return [c];
    changed = true;
    if (path.length < (ring ? 3 : 2)) return [];
    const coordinates = path;
    return [
      {
        ...c,
        after: {
          ...after,
          coordinates,
          attributes: withDerived(after.type, coordinates, after.attributes),
        },
      },
    ];
  });
  return changed ? { ...patch, changes } : patch;
}

import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { Element } from '@xmldom/xmldom';
import type { FileProblem } from './file-errors.ts';
import {
  domName,
  GEOMETRY_TAGS,
  GeometryBuilder,
  geometryFinite,
  OVERLAY_TAGS,
  type Geometry,
} from './kml-geometry.ts';
import { boundSaxesBuffers } from './text-bounds/saxes-bounds.ts';
import { BoundedText, CutValues, cutText, TEXT_CAPS } from './text-bounds/text-caps.ts';
import { typed } from './kml/simple-data.ts';

/**
 * Reads a KML as GDAL's LIBKML driver (QGIS's) lays it out, as a stream of text pieces, with
 * saxes: every Document or Folder is a layer holding its own placemarks (not those of its
 * subfolders), named by its name, else "Layer<n>" (n: its place among its parent's features); the
 * placemarks directly in the file's top container make the last layer, named after it, else after
 * the file. Placemarks and GroundOverlays become features; their geometry is read by togeojson
 * (kml-geometry.ts). Memory holds one placemark at a time, so a file of any size streams through.
 *
 * saxes expands only XML's five entities (no DTD, so no entity bombs) and keeps its own stack (no
 * recursion); our depth cap bounds togeojson's recursion over MultiGeometry.
 */

export const KML_LIMITS = {
  /** KML needs about a dozen levels; folders nested a few dozen deep are already unusual. */
  maxDepth: 100,
  /** Documents and Folders of one file, empty ones included (each name is held for uniqueness). */
  maxContainers: 100_000,
  /** Folders holding placemarks: each becomes a layer that GDAL converts on its own. */
  maxLayers: 1_000,
  /** The folder path attribute is cut past this: it is repeated on every placemark. */
  maxFolderChars: 256,
};

/** What a placemark becomes: its attributes and its geometry (never null: those are counted). */
export interface KmlFeature {
  properties: Record<string, unknown>;
  geometry: Geometry;
}

export interface KmlLayer {
  /** The reader's id for it, as given to `onFeature`. */
  id: number;
  name: string;
  features: number;
  /** Placemarks without geometry: not given, only counted. */
  nullGeometries: number;
}

/** Attribute names (LIBKML's for times and icons; GDAL's KML driver's for name and description). */
export const KML_FIELDS = {
  name: 'Name',
  description: 'Description',
  timestamp: 'timestamp',
  begin: 'begin',
  end: 'end',
  icon: 'icon',
  snippet: 'snippet',
  /** Every <when> of a gx:Track or gx:MultiTrack, in order, separated by spaces. */
  times: 'times',
  /** The folders between the file's top container and the placemark, joined by " / ". */
  folder: 'folder',
} as const;

const CONTAINERS = new Set(['Document', 'Folder']);
/** Every KML feature counts for LIBKML's "Layer<n>" names; only these two become our features. */
const FEATURES = new Set([
  'Placemark',
  'GroundOverlay',
  'ScreenOverlay',
  'PhotoOverlay',
  'NetworkLink',
  'Tour',
  'Document',
  'Folder',
]);
const FOLDER_SEPARATOR = ' / ';
/** Characters given to saxes at a time: what it may hold beyond a cap before being cut. */
const PIECE = 64 * 1024;

interface Container {
  id: number;
  root: boolean;
  /** Its place among its parent's features. */
  index: number;
  parent: Container | null;
  /** Stack depth of its element. */
  depth: number;
  name: string | null;
  /** Features seen among its children so far. */
  children: number;
  /** The layer name, fixed once its first child opens or it closes. */
  layer: string | null;
  /** Folder names from below the top container down to it. */
  path: string;
  features: number;
  nullGeometries: number;
}

interface FeatureState {
  tag: 'Placemark' | 'GroundOverlay';
  container: Container;
  depth: number;
  /** Local names from the feature's element down, outside geometry. */
  rel: string[];
  name?: string;
  description?: string;
  timestamp?: string;
  begin?: string;
  end?: string;
  icon?: string;
  snippet?: string;
  dataName?: string;
  extended: [string, unknown][];
  geometries: Element[];
}

/** One element being built into a geometry DOM, and its text so far. */
interface Capture {
  element: Element;
  text: string;
}

type Kind = 'kml' | 'other';
const kindOfUri = (uri: string): Kind => (/kml/i.test(uri) ? 'kml' : 'other');

const problem = (status: number, key: FileProblem['key'], vars: FileProblem['vars']) =>
  ({ status, key, vars }) as FileProblem;

/** XML white space collapsed: togeojson splits coordinates on it, and a long run cost it dearly. */
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export class KmlReader {
  private readonly parser = new SaxesParser({ fileName: undefined });
  private readonly builder = new GeometryBuilder();
  /** Local names of the open elements, and whether each is of a namespace we skip. */
  private readonly stack: { local: string; kind: Kind; defaultKind: Kind }[] = [];
  private readonly prefixes = new Map<string, Kind>([
    ['gx', 'kml'],
    ['kml', 'kml'],
  ]);
  private readonly containers: Container[] = [];
  private readonly layers: Container[] = [];
  private readonly names = new Set<string>();
  private readonly schema = new Map<string, string>();
  private containerCount = 0;
  private usedLayers = 0;
  private root: Container | null = null;
  private feature: FeatureState | null = null;
  private capture: Capture[] = [];
  /** Depth below which everything is skipped (an element of another namespace, a style…). */
  private skipFrom = 0;
  /** Text collected for the element at `collectDepth` (up to its cap), and what to do with it. */
  private collectDepth = 0;
  private collected: { text: BoundedText; field: string } | null = null;
  private onCollected: ((text: string) => void) | null = null;
  /** Values cut to their cap (TEXT_CAPS): said in a warning. */
  readonly cut = new CutValues();

  constructor(
    private readonly label: string,
    /** The file's name without extension: the top layer's name when its container has none. */
    private readonly basename: string,
    private readonly onFeature: (layer: number, feature: KmlFeature) => void,
    private readonly limits = KML_LIMITS,
    /** topName: the top layer's name whatever its container's (a KMZ's linked file, as LIBKML). */
    private readonly options: { topName?: string } = {},
  ) {
    this.parser.on('opentag', (tag) => this.open(tag as SaxesTagPlain));
    this.parser.on('closetag', () => this.close());
    this.parser.on('text', (text) => this.text(text));
    this.parser.on('cdata', (text) => this.text(text));
  }

  /**
   * Reads the next piece of the file, 64 KB at a time: between two, what saxes holds of a text
   * not yet whole is cut to what the reader keeps of it (saxes-bounds.ts).
   */
  push(text: string): void {
    for (let at = 0; at < text.length; at += PIECE) {
      try {
        this.parser.write(at === 0 && text.length <= PIECE ? text : text.slice(at, at + PIECE));
      } catch (error) {
        throw this.xmlProblem(error);
      }
      const tooLong = boundSaxesBuffers(this.parser, this.pendingTextKept());
      if (tooLong) throw this.xmlProblem(new Error(tooLong));
    }
  }

  /**
   * How much of the text saxes is reading is worth keeping: all of a geometry's (bounded by the
   * file and the GeoJSON's cap), else the room left in the value collected, else an attribute's.
   */
  private pendingTextKept(): number {
    if (this.capture.length && !this.skipFrom) return Infinity;
    return Math.max(this.collected?.text.room ?? 0, TEXT_CAPS.attribute) + 1;
  }

  /** An attribute's value as kept (a name, a type), cut to TEXT_CAPS.attribute. */
  private attribute(tag: SaxesTagPlain, name: string): string | undefined {
    const value = tag.attributes[name];
    if (value === undefined || value.length <= TEXT_CAPS.attribute) return value;
    this.cut.note(`${tag.name}/@${name}`);
    return cutText(value, TEXT_CAPS.attribute);
  }

  /** Ends the file; answers the layers that hold placemarks, in LIBKML's order (the top one last). */
  end(): KmlLayer[] {
    try {
      this.parser.close();
    } catch (error) {
      throw this.xmlProblem(error);
    }
    const layers = [...this.layers];
    if (this.root) {
      this.nameLayer(this.root);
      if (this.root.features + this.root.nullGeometries) layers.push(this.root);
    }
    return layers
      .filter((c) => c.features + c.nullGeometries > 0)
      .map((c) => ({
        id: c.id,
        name: c.layer ?? '',
        features: c.features,
        nullGeometries: c.nullGeometries,
      }));
  }

  /** The name of the file's top layer (for a file without any placemark). */
  get topName(): string {
    return this.options.topName ?? (this.root?.name?.trim() || this.basename);
  }

  private xmlProblem(error: unknown): unknown {
    if (error && typeof error === 'object' && 'key' in error) return error;
    const reason = error instanceof Error ? error.message : String(error);
    return problem(422, 'files.unreadable', {
      file: this.label,
      reason: `not valid XML: ${reason}`,
    });
  }

  private kindOf(
    tag: SaxesTagPlain,
    parentDefault: Kind,
  ): { local: string; kind: Kind; defaultKind: Kind } {
    let defaultKind = parentDefault;
    const attributes = tag.attributes;
    // for…in, no entries array: this runs for every element of the file.
    for (const attribute in attributes) {
      if (!attribute.startsWith('xmlns')) continue;
      const value = attributes[attribute] ?? '';
      if (attribute === 'xmlns') defaultKind = kindOfUri(value);
      else if (attribute.startsWith('xmlns:')) {
        const prefix = attribute.slice(6);
        if (prefix !== 'gx' && prefix !== 'kml') this.prefixes.set(prefix, kindOfUri(value));
      }
    }
    const colon = tag.name.indexOf(':');
    if (colon < 0) return { local: tag.name, kind: defaultKind, defaultKind };
    const prefix = tag.name.slice(0, colon);
    return {
      local: tag.name.slice(colon + 1),
      kind: this.prefixes.get(prefix) ?? 'other',
      defaultKind,
    };
  }

  private open(tag: SaxesTagPlain): void {
    const parent = this.stack[this.stack.length - 1];
    const element = this.kindOf(tag, parent?.defaultKind ?? 'kml');
    this.stack.push(element);
    const depth = this.stack.length;
    if (depth > this.limits.maxDepth) {
      throw problem(422, 'files.kmlTooDeep', { file: this.label, max: this.limits.maxDepth });
    }
    if (this.skipFrom) return;
    if (this.capture.length) return this.openInGeometry(element.local, tag);
    if (element.kind === 'other') {
      this.skipFrom = depth;
      return;
    }
    if (depth === 1) {
      if (element.local === 'kml') return;
      if (!CONTAINERS.has(element.local)) {
        throw problem(422, 'files.kmlNotKml', { file: this.label, element: tag.name });
      }
    }
    if (this.feature) return this.openInFeature(element.local, tag);

    const container = this.containers[this.containers.length - 1] ?? null;
    if (container && depth === container.depth + 1 && element.local === 'name') {
      this.collect(depth, TEXT_CAPS.name, KML_FIELDS.name, (text) => {
        if (container.layer === null) container.name = text;
      });
      return;
    }
    if (element.local === 'SimpleField') {
      const name = this.attribute(tag, 'name');
      if (name) this.schema.set(name, this.attribute(tag, 'type') ?? 'string');
      return;
    }
    if (!FEATURES.has(element.local)) return;
    if (!container && CONTAINERS.has(element.local) && !this.root) {
      this.openContainer(depth, null, 0); // the file's top container
      return;
    }
    // A feature of a container (or of <kml> itself, when the file holds a single placemark).
    const holder = container ?? this.topContainer(depth);
    const index = holder.children++;
    if (!holder.root) this.nameLayer(holder);
    if (CONTAINERS.has(element.local)) {
      this.openContainer(depth, holder, index);
    } else if (element.local === 'Placemark' || element.local === 'GroundOverlay') {
      this.feature = {
        tag: element.local,
        container: holder,
        depth,
        rel: [],
        extended: [],
        geometries: [],
      };
    } else {
      this.skipFrom = depth; // overlays on screen, network links, tours: nothing to draw
    }
  }

  /** The top container: the file's Document (or Folder), or one standing in for a lone placemark. */
  private topContainer(depth: number): Container {
    if (!this.root) this.root = this.newContainer(depth - 1, null, 0, true);
    return this.root;
  }

  private newContainer(depth: number, parent: Container | null, index: number, root: boolean) {
    if (++this.containerCount > this.limits.maxContainers) {
      throw problem(422, 'files.kmlTooManyFolders', {
        file: this.label,
        max: this.limits.maxContainers,
      });
    }
    const container: Container = {
      id: this.containerCount,
      root,
      index,
      parent,
      depth,
      name: null,
      children: 0,
      layer: null,
      path: '',
      features: 0,
      nullGeometries: 0,
    };
    return container;
  }

  /** The file's first container is its top (no parent); any other one is a folder inside it. */
  private openContainer(depth: number, parent: Container | null, index: number): void {
    const container = this.newContainer(depth, parent, index, parent === null);
    if (!parent) this.root = container;
    this.containers.push(container);
  }

  /** Fixes a container's layer name: LIBKML's, made unique as LIBKML does (" (#2)"). */
  private nameLayer(container: Container): void {
    if (container.layer !== null) return;
    const own = container.root
      ? (this.options.topName ?? container.name?.trim())
      : container.name?.trim();
    const base = own || (container.root ? this.basename : `Layer${container.index}`);
    let name = base;
    for (let n = 2; this.names.has(name); n++) name = `${base} (#${n})`;
    this.names.add(name);
    container.layer = name;
    const parent = container.parent;
    if (!container.root && parent) {
      const path = parent.path ? `${parent.path}${FOLDER_SEPARATOR}${base}` : base;
      container.path =
        path.length > this.limits.maxFolderChars
          ? `${path.slice(0, this.limits.maxFolderChars - 1)}…`
          : path;
      this.layers.push(container);
    }
  }

  private openInFeature(local: string, tag: SaxesTagPlain): void {
    const feature = this.feature as FeatureState;
    const rel = feature.rel;
    const depth = this.stack.length;
    const at = rel.join('/');
    const shapes = feature.tag === 'Placemark' ? GEOMETRY_TAGS : OVERLAY_TAGS;
    if (at === '' && shapes.has(local)) {
      // Built as a DOM until it closes (see close()), outside `rel`.
      this.capture.push({ element: this.builder.createElement(domName(local)), text: '' });
      return;
    }
    rel.push(local);
    const { name: NAME, description: DESCRIPTION, value: VALUE } = TEXT_CAPS;
    if (at === '') {
      if (local === 'name') {
        return this.collect(depth, NAME, KML_FIELDS.name, (t) => (feature.name = t));
      }
      if (local === 'description') {
        return this.collect(depth, DESCRIPTION, KML_FIELDS.description, (t) => {
          feature.description = t;
        });
      }
      if (local === 'Snippet' || local === 'snippet') {
        return this.collect(depth, VALUE, KML_FIELDS.snippet, (t) => (feature.snippet = t));
      }
      return;
    }
    if (at === 'TimeStamp' && local === 'when') {
      return this.collect(depth, VALUE, KML_FIELDS.timestamp, (t) => (feature.timestamp = t));
    }
    if (at === 'TimeSpan' && (local === 'begin' || local === 'end')) {
      return this.collect(depth, VALUE, local, (t) => (feature[local] = t));
    }
    if (at === 'Icon' && local === 'href' && feature.tag === 'GroundOverlay') {
      return this.collect(depth, VALUE, KML_FIELDS.icon, (t) => (feature.icon = t));
    }
    if (at === 'ExtendedData' && local === 'Data') {
      feature.dataName = this.attribute(tag, 'name');
      return;
    }
    if (at === 'ExtendedData/Data' && local === 'value') {
      const name = feature.dataName;
      return this.collect(depth, VALUE, name ?? '', (t) => {
        if (name) feature.extended.push([name, t]);
      });
    }
    if (at === 'ExtendedData/SchemaData' && local === 'SimpleData') {
      const name = this.attribute(tag, 'name');
      return this.collect(depth, VALUE, name ?? '', (t) => {
        if (name) feature.extended.push([name, typed(t, this.schema.get(name))]);
      });
    }
  }

  private openInGeometry(local: string, tag: SaxesTagPlain): void {
    const current = this.capture[this.capture.length - 1] as Capture;
    this.flushText(current);
    const element = this.builder.createElement(domName(local));
    for (const [name, value] of Object.entries(tag.attributes)) {
      if (!name.startsWith('xmlns')) element.setAttribute(name, value);
    }
    current.element.appendChild(element);
    this.capture.push({ element, text: '' });
  }

  /** A geometry element's text (coordinates, when…) joined and collapsed, as one text node. */
  private flushText(capture: Capture): void {
    if (!capture.text) return;
    const text = collapse(capture.text);
    capture.text = '';
    if (text) capture.element.appendChild(this.builder.createText(text));
  }

  /** Collects the text of the element at `depth`, up to `max` characters, for `field`. */
  private collect(depth: number, max: number, field: string, then: (text: string) => void): void {
    this.collectDepth = depth;
    this.collected = { text: new BoundedText(max), field };
    this.onCollected = then;
  }

  private text(text: string): void {
    if (this.skipFrom) return;
    const capture = this.capture[this.capture.length - 1];
    if (capture) capture.text += text;
    else if (this.onCollected) this.collected?.text.add(text);
  }

  private close(): void {
    const depth = this.stack.length;
    this.stack.pop();
    if (this.skipFrom) {
      if (depth === this.skipFrom) this.skipFrom = 0;
      return;
    }
    const capture = this.capture.pop();
    if (capture) {
      this.flushText(capture);
      if (!this.capture.length) this.feature?.geometries.push(capture.element);
      return;
    }
    if (this.onCollected && depth === this.collectDepth) {
      const then = this.onCollected;
      const collected = this.collected;
      this.onCollected = null;
      this.collected = null;
      if (collected?.text.cut) this.cut.note(collected.field);
      then(collected?.text.value.trim() ?? '');
    }
    const feature = this.feature;
    if (feature) {
      if (depth === feature.depth) {
        this.feature = null;
        this.emit(feature);
      } else feature.rel.pop();
      return;
    }
    const container = this.containers[this.containers.length - 1];
    if (container && depth === container.depth) {
      this.containers.pop();
      if (!container.root) this.nameLayer(container);
    }
  }

  private emit(feature: FeatureState): void {
    const container = feature.container;
    const index = container.features + container.nullGeometries + 1;
    let geometry: Geometry | null;
    let times: string[] = [];
    if (feature.tag === 'GroundOverlay') geometry = this.builder.overlay(feature.geometries);
    else {
      const parts: Geometry[] = [];
      for (const element of feature.geometries) {
        const read = this.builder.placemark(element);
        if (read.geometry) parts.push(read.geometry);
        times = times.concat(read.times);
      }
      geometry =
        parts.length === 0
          ? null
          : parts.length === 1
            ? (parts[0] as Geometry)
            : { type: 'GeometryCollection', geometries: parts };
    }
    if (!geometry) {
      container.nullGeometries++;
      return;
    }
    if (!geometryFinite(geometry)) {
      // The top layer is named last (as LIBKML does): its name here is the one it will get.
      const layer = container.layer ?? this.topName;
      throw problem(422, 'files.coordinatesNotFinite', { file: this.label, layer, index });
    }
    if (
      !container.features &&
      !container.nullGeometries &&
      ++this.usedLayers > this.limits.maxLayers
    ) {
      throw problem(422, 'files.kmlTooManyLayers', {
        file: this.label,
        max: this.limits.maxLayers,
      });
    }
    container.features++;
    this.onFeature(container.id, { properties: this.properties(feature, times), geometry });
  }

  private properties(feature: FeatureState, times: string[]): Record<string, unknown> {
    const properties: Record<string, unknown> = {};
    const set = (key: string, value: unknown) => {
      if (value !== undefined && value !== '') properties[key] = value;
    };
    set(KML_FIELDS.name, feature.name);
    set(KML_FIELDS.description, feature.description);
    set(KML_FIELDS.timestamp, feature.timestamp);
    // A track without a TimeSpan spans its first and last times, as LIBKML reads it.
    const spanned = feature.begin || feature.end || feature.timestamp;
    set(KML_FIELDS.begin, feature.begin ?? (spanned ? undefined : times[0]));
    set(KML_FIELDS.end, feature.end ?? (spanned ? undefined : times[times.length - 1]));
    set(KML_FIELDS.icon, feature.icon);
    set(KML_FIELDS.snippet, feature.snippet);
    for (const [name, value] of feature.extended) properties[name] = value;
    if (times.length) set(KML_FIELDS.times, times.join(' '));
    if (feature.container.path && !(KML_FIELDS.folder in properties)) {
      properties[KML_FIELDS.folder] = feature.container.path;
    }
    return properties;
  }
}

import { createWriteStream, type WriteStream } from 'node:fs';
import { closeStream, write } from '../../file-format/job-files.ts';
import type {
  OfdsNetwork,
  OfdsNode,
  OfdsOrganisation,
  OfdsPhase,
  OfdsReference,
  OfdsSpan,
} from './ofds-model.ts';

/**
 * Writes one OFDS network to disk page by page, never as one JSON.stringify of the whole: the
 * package JSON ({"networks":[network]}) and, on request, the two GeoJSON feature collections
 * of OFDS's GeoJSON transformation specification (nodes, spans), each feature's properties
 * carrying its organisations, phase, end nodes and the network itself in full.
 */

/** A JSON object's text with `key` set to an already serialised value, before its closing brace. */
export function withRaw(json: string, key: string, raw: string): string {
  const open = json.length > 2 ? ',' : '';
  return `${json.slice(0, -1)}${open}${JSON.stringify(key)}:${raw}}`;
}

/** A span as the package holds it, with its route as PostGIS wrote it (GeoJSON text). */
export interface SpanOut {
  /** Without its route, which travels beside it as text. */
  span: OfdsSpan;
  route: string;
}

class JsonFile {
  private readonly out: WriteStream;
  constructor(file: string) {
    this.out = createWriteStream(file, { highWaterMark: 1024 * 1024 });
  }
  write = (text: string) => write(this.out, text);
  close = () => closeStream(this.out);
  /** Lets a failed export stop writing without waiting for the disk. */
  destroy = () => this.out.destroy();
}

/** The items of one JSON array, written as they come: the comma before all but the first. */
class ArrayWriter {
  count = 0;
  private closed = false;
  constructor(
    private readonly file: JsonFile,
    private readonly opening: string,
    private readonly closing: string,
  ) {}
  async page(items: string[]) {
    if (!items.length) return;
    const head = this.count ? ',' : this.opening;
    this.count += items.length;
    await this.file.write(head + items.join(','));
  }
  /** Closes the array if it was opened; an empty one was never written at all. */
  async end() {
    if (this.count && !this.closed) await this.file.write(this.closing);
    this.closed = true;
  }
}

export class OfdsWriter {
  private readonly packageFile: JsonFile;
  private readonly nodes: ArrayWriter;
  private readonly spans: ArrayWriter;
  private readonly geo: { nodes: JsonFile; spans: JsonFile } | null;
  /** GeoJSON only: every node's JSON by id, for the span features' start and end. */
  private readonly nodeJson = new Map<string, string>();
  private readonly networkJson: string;
  private readonly organisations: Map<string, OfdsOrganisation>;
  private readonly phases: Map<string, OfdsPhase>;
  private nodeFeatures = 0;
  private spanFeatures = 0;

  constructor(files: { package: string; nodes?: string; spans?: string }, network: OfdsNetwork) {
    this.packageFile = new JsonFile(files.package);
    // The network's own fields first; nodes, then spans, follow as their pages come.
    this.nodes = new ArrayWriter(this.packageFile, ',"nodes":[', ']');
    this.spans = new ArrayWriter(this.packageFile, ',"spans":[', ']');
    this.geo =
      files.nodes && files.spans
        ? { nodes: new JsonFile(files.nodes), spans: new JsonFile(files.spans) }
        : null;
    const { nodes: _n, spans: _s, phases, organisations, ...own } = network;
    this.networkJson = JSON.stringify(own);
    this.organisations = new Map((organisations ?? []).map((o) => [o.id, o]));
    this.phases = new Map((phases ?? []).map((p) => [p.id, p]));
  }

  async start(network: OfdsNetwork) {
    const { nodes: _n, spans: _s, ...head } = network;
    await this.packageFile.write('{"networks":[' + JSON.stringify(head).slice(0, -1));
    if (this.geo) {
      await this.geo.nodes.write('{"type":"FeatureCollection","features":[');
      await this.geo.spans.write('{"type":"FeatureCollection","features":[');
    }
  }

  /** Organisation and phase references replaced by the objects they name (GeoJSON). */
  private dereferenced(item: OfdsNode | OfdsSpan): Record<string, unknown> {
    const copy: Record<string, unknown> = { ...item };
    const organisation = (r: OfdsReference) => this.organisations.get(r.id) ?? r;
    if (item.phase) copy.phase = this.phases.get(item.phase.id) ?? item.phase;
    if (item.networkProviders) copy.networkProviders = item.networkProviders.map(organisation);
    const physical = item.physicalInfrastructureProvider as OfdsReference | undefined;
    if (physical) copy.physicalInfrastructureProvider = organisation(physical);
    return copy;
  }

  async nodePage(nodes: OfdsNode[]) {
    const texts = nodes.map((node) => JSON.stringify(node));
    await this.nodes.page(texts);
    if (!this.geo) return;
    const features = nodes.map((node, i) => {
      this.nodeJson.set(node.id, texts[i] as string);
      const { location, ...properties } = this.dereferenced(node);
      const props = withRaw(JSON.stringify(properties), 'network', this.networkJson);
      return `{"type":"Feature","geometry":${location ? JSON.stringify(location) : 'null'},"properties":${props}}`;
    });
    await this.geo.nodes.write((this.nodeFeatures ? ',' : '') + features.join(','));
    this.nodeFeatures += features.length;
  }

  /** Spans come once every node is written: the nodes' array is closed first. */
  async spanPage(spans: SpanOut[]) {
    await this.nodes.end();
    await this.spans.page(spans.map((s) => withRaw(JSON.stringify(s.span), 'route', s.route)));
    if (!this.geo || !spans.length) return;
    const features = spans.map(({ span, route }) => {
      const { start: _start, end: _end, ...rest } = this.dereferenced(span);
      const { start, end } = span;
      let props = JSON.stringify(rest);
      if (start) props = withRaw(props, 'start', this.nodeJson.get(start) ?? JSON.stringify(start));
      if (end) props = withRaw(props, 'end', this.nodeJson.get(end) ?? JSON.stringify(end));
      props = withRaw(props, 'network', this.networkJson);
      return `{"type":"Feature","geometry":${route},"properties":${props}}`;
    });
    await this.geo.spans.write((this.spanFeatures ? ',' : '') + features.join(','));
    this.spanFeatures += features.length;
  }

  get counts() {
    return { nodes: this.nodes.count, spans: this.spans.count };
  }

  async finish() {
    await this.nodes.end();
    await this.spans.end();
    await this.packageFile.write('}]}\n');
    await this.packageFile.close();
    if (this.geo) {
      await this.geo.nodes.write(']}\n');
      await this.geo.spans.write(']}\n');
      await this.geo.nodes.close();
      await this.geo.spans.close();
    }
  }

  abort() {
    this.packageFile.destroy();
    this.geo?.nodes.destroy();
    this.geo?.spans.destroy();
  }
}

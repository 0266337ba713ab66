import type { MessageKey, MessageVars } from '../../../i18n/translate.ts';
import type {
  AccessRow,
  CableRow,
  FibreRow,
  JointRow,
  LoopRow,
  OfficeRow,
  PointRow,
  PortRow,
  SplitterRow,
  TrayRow,
  ZoneRow,
} from './gracethd-network.repository.ts';
import { addCables } from './build/cables.ts';
import { createBuild } from './build/context.ts';
import { addEnclosures } from './build/enclosures.ts';
import { addNodes } from './build/nodes.ts';
import { addPlaces } from './build/places.ts';
import { addPositions } from './build/positions.ts';

export type Value = string | number | null;
export type Row = Record<string, Value>;

/** A problem found while building, before it is localised. */
export interface Found {
  code: string;
  severity: 'error' | 'warning';
  key: MessageKey;
  vars: MessageVars;
  elementIds: number[];
  clusterId: number | null;
  table?: string;
  column?: string;
  value?: string;
}

export interface NetworkRows {
  points: PointRow[];
  offices: OfficeRow[];
  zones: ZoneRow[];
  cables: CableRow[];
  fibres: FibreRow[];
  joints: JointRow[];
  trays: TrayRow[];
  splitters: SplitterRow[];
  ports: PortRow[];
  accesses: AccessRow[];
  loops: LoopRow[];
  /** Cluster phases (In-Progress, Completed) by id; Cancelled ones are already left out. */
  phases: Map<number, string>;
  /** Each cluster's central office. */
  officeOfCluster: Map<number, number>;
}

export interface BuildOptions {
  prefix: string;
  /** The delivery's status for every row; by default each row's cluster phase decides. */
  statut?: string;
  /** Fibre colour code of the project ('TIA-598-C' or 'GraceTHD'). */
  colourScheme: string;
}

/** Segments' lines, asked of the database once every cable is planned. */
export interface SegmentLine {
  code: string;
  cable: number;
  f0: number;
  f1: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Builds the delivery's rows from our network: one Map entry per GraceTHD table, each row keyed
 * by the model's column names (geometry in `geom` as hex WKB in EPSG:4326). Problems found on the
 * way (loose cable ends, zones) are returned with the rows; the segments' lines are asked of the
 * database afterwards. The tables are built in this order: each leaves what the next names.
 */
export async function buildTables(network: NetworkRows, options: BuildOptions) {
  const b = createBuild(network, options);
  await addNodes(b);
  await addEnclosures(b);
  await addCables(b);
  await addPositions(b);
  await addPlaces(b);
  return { tables: b.tables, found: b.found, lines: b.lines };
}

import type { ElementTypeName } from '@integration/contracts';
import type { DeliveryRows } from './gracethd-read.ts';
import { planCables } from './plan/cables.ts';
import { createPlan } from './plan/context.ts';
import { planElements } from './plan/elements.ts';
import { planEquipment } from './plan/equipment.ts';
import { planJoints } from './plan/joints.ts';
import { planPlaces } from './plan/places.ts';
/**
 * A GraceTHD delivery read back into what our model holds (issue 29): elements, cables with
 * their fibre structure, enclosures' trays, splitters and ports, and joints. Our own deliveries
 * come back whole (their comments carry our keys and terminals); foreign ones as far as the
 * model says (nodes, supports, enclosures, cables, homes, zones, splices at cable ends).
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** Where trays, splitters, ports and joints belong: an element of the plan, or the office. */
export type PlannedHolder = { element: string } | { office: true };

export interface PlannedElement {
  /** The delivery's key for it (our key, or the row's code): joints and loops name it. */
  key: string;
  type: ElementTypeName;
  name: string;
  at: LatLng | LatLng[];
  attributes: Record<string, unknown>;
}

export interface PlannedCable extends PlannedElement {
  fibreCount: number;
  fibresPerTube: number;
  tubes: number;
  specName: string | null;
  /** Whether the fibres are made (ours had fibre rows; a foreign cable's are). */
  fibres: boolean;
  /** Fibre numbers and their state, when not free. */
  states: Map<number, 'reserved' | 'faulty'>;
  /** The delivery's t_cable codes of its segments, first to last. */
  segments: string[];
}

/** One side of a joint: a fibre end or cut, a splitter leg, or a port side. */
export type PlannedTerminal =
  | {
      fibre: {
        cable: string;
        number: number;
        end: 'a' | 'b' | 'm';
        along?: number;
        faces?: 'a' | 'b';
      };
    }
  | { splitter: string; leg: number }
  | { port: { tiroir: string; number: number; kind: string } };

export interface PlannedJoint {
  kind: 'splice' | 'connector';
  holder: PlannedHolder;
  tray: string | null;
  a: PlannedTerminal;
  b: PlannedTerminal;
  lossDb: number | null;
}

export interface ImportPlan {
  elements: PlannedElement[];
  cables: PlannedCable[];
  trays: { code: string; holder: PlannedHolder; capacity: number; number: number }[];
  splitters: { code: string; holder: PlannedHolder; ratio: string; name: string | null }[];
  panels: {
    code: string;
    holder: PlannedHolder;
    kind: 'patch' | 'olt';
    panel: string;
    ports: number;
  }[];
  joints: PlannedJoint[];
  officePlace: LatLng | null;
  /** Per table: rows read, mapped, skipped and why (message keys with their values). */
  report: Map<
    string,
    { read: number; mapped: number; skipped: number; notes: Map<string, number> }
  >;
}

/** The delivery read as our model: what the import writes, and the report of what it read. */
export function planImport(rows: DeliveryRows): ImportPlan {
  const p = createPlan(rows);
  planElements(p);
  planCables(p);
  planEquipment(p);
  planJoints(p);
  planPlaces(p);
  return p.plan;
}

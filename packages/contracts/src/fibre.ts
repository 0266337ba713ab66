import { z } from 'zod';
import type { ElementTypeName } from './element-types.ts';
import { bodyId, paramId, text } from './primitives.ts';

/**
 * Fibre connectivity (issue 26): cables made of tubes and fibres, what each enclosure joins,
 * and a fibre's trace with its optical loss. The model is a graph of terminals (a fibre end, a
 * splitter leg, a port side) joined by links (the fibre itself, a splitter leg, a splice, a
 * connector); see docs/decisions.md "Fibre connectivity".
 */

export const COLOUR_SCHEMES = ['TIA-598-C', 'GraceTHD'] as const;
export type ColourScheme = (typeof COLOUR_SCHEMES)[number];
export const DEFAULT_COLOUR_SCHEME: ColourScheme = 'TIA-598-C';

export const FIBRE_STATUSES = ['free', 'used', 'reserved', 'faulty'] as const;
export type FibreStatus = (typeof FIBRE_STATUSES)[number];
/** What a user may set; `used` follows from the fibre's connections. */
export const SETTABLE_FIBRE_STATUSES = ['free', 'reserved', 'faulty'] as const;

export const SPLITTER_RATIOS = ['1:2', '1:4', '1:8', '1:16', '1:32', '1:64'] as const;
export type SplitterRatio = (typeof SPLITTER_RATIOS)[number];
export const splitterOutputs = (ratio: SplitterRatio): number => Number(ratio.slice(2));

export const WAVELENGTHS = ['1310', '1550'] as const;
export type Wavelength = (typeof WAVELENGTHS)[number];
export type DbByWavelength = Record<Wavelength, number>;

export const CABLE_PLACEMENTS = ['aerial', 'underground', 'facade'] as const;
export type CablePlacement = (typeof CABLE_PLACEMENTS)[number];

/** The element types that hold trays, splitters and ports (and the central office). */
export const ENCLOSURE_TYPES: readonly ElementTypeName[] = ['SpliceClosure', 'PboFat', 'FDTSRO'];
/** The homes a drop feeds: their trace starts at their ONT side. */
export const HOME_TYPES: readonly ElementTypeName[] = ['SFU', 'Building'];

/** A cable's end lies on an enclosure or a home when it is this close (the editor snaps to 15 m). */
export const ATTACH_DISTANCE_M = 1;
/** Fibres of one cable: the largest standard cable. */
export const CABLE_FIBRES_MAX = 864;
/** Connections one request may make. */
export const CONNECTIONS_MAX = 1_000;
/** A walk ends after this many links, whatever the network (a loop guard, not a path array). */
export const TRACE_HOPS_MAX = 256;

/** Loss constants (issue 26), editable per project. */
export interface LossConstants {
  fibreDbPerKm: DbByWavelength;
  spliceDb: number;
  connectorDb: number;
  splitterDb: Record<SplitterRatio, number>;
  budgetDb: number;
}

export const DEFAULT_LOSSES: LossConstants = {
  fibreDbPerKm: { '1310': 0.35, '1550': 0.22 },
  spliceDb: 0.1,
  connectorDb: 0.3,
  splitterDb: { '1:2': 4.0, '1:4': 7.5, '1:8': 11.0, '1:16': 14.0, '1:32': 18.0, '1:64': 21.5 },
  // GPON class B+.
  budgetDb: 28,
};

const db = z.number().min(0).max(100);
export const lossConstantsSchema = z
  .object({
    fibreDbPerKm: z.object({
      '1310': z.number().min(0).max(10),
      '1550': z.number().min(0).max(10),
    }),
    spliceDb: db,
    connectorDb: db,
    splitterDb: z.object(
      Object.fromEntries(SPLITTER_RATIOS.map((r) => [r, db])) as Record<SplitterRatio, typeof db>,
    ),
    budgetDb: db,
  })
  .strict();

export const fibreSettingsBody = z
  .object({
    colourScheme: z.enum(COLOUR_SCHEMES).optional(),
    losses: lossConstantsSchema.optional(),
  })
  .strict();
export type FibreSettingsBody = z.infer<typeof fibreSettingsBody>;

export interface FibreSettings {
  projectId: number;
  colourScheme: ColourScheme;
  losses: LossConstants;
}

export interface FibreColour {
  /** In the user's language. */
  name: string;
  hex: string;
  /** The stripe or ring of positions 13–24, else null. */
  stripe: string | null;
}

/**
 * What a terminal is, as the API names one end of a connection. A fibre's `end` is the end of
 * its cable lying on the enclosure; for a cable passing through uncut, the piece of fibre
 * towards the cable's start ('a') or its end ('b'), the fibre being cut there (mid-span).
 */
export const terminalRefSchema = z.union([
  z.object({ fibreId: bodyId, end: z.enum(['a', 'b']) }).strict(),
  z.object({ portId: bodyId, side: z.enum(['back', 'front']).optional() }).strict(),
  z.object({ splitterId: bodyId, leg: z.number().int().min(0).max(64) }).strict(),
]);
export type TerminalRef = z.infer<typeof terminalRefSchema>;

export const CONNECTION_KINDS = ['splice', 'connector'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

const fibreNumber = z.number().int().min(1).max(864);
const fibreRange = z.tuple([fibreNumber, fibreNumber]);

export const connectionsBody = z
  .object({
    connections: z
      .array(
        z
          .object({
            from: terminalRefSchema,
            to: terminalRefSchema,
            kind: z.enum(CONNECTION_KINDS).default('splice'),
          })
          .strict(),
      )
      .max(CONNECTIONS_MAX)
      .optional(),
    ranges: z
      .array(
        z
          .object({
            fromCable: bodyId,
            fromFibres: fibreRange,
            toCable: bodyId,
            toFibres: fibreRange,
            /** For a cable passing through uncut: the pieces towards its start or its end. */
            fromSide: z.enum(['a', 'b']).optional(),
            toSide: z.enum(['a', 'b']).optional(),
            kind: z.enum(CONNECTION_KINDS).default('splice'),
          })
          .strict(),
      )
      .max(CONNECTIONS_MAX)
      .optional(),
    /** The tray the splices go in; else the first with room. */
    trayId: bodyId.optional(),
  })
  .strict();
export type ConnectionsBody = z.input<typeof connectionsBody>;

export const splitterBody = z
  .object({ ratio: text().max(8), name: text().trim().min(1).max(100).optional() })
  .strict();
export const trayBody = z
  .object({ capacity: z.number().int().min(1).max(144).default(12) })
  .strict();
export const portsBody = z
  .object({
    kind: z.enum(['patch', 'olt']),
    count: z.number().int().min(1).max(144),
    panel: text().trim().min(1).max(60).optional(),
  })
  .strict();
export const fibreStatusBody = z.object({ status: z.enum(SETTABLE_FIBRE_STATUSES) }).strict();
export const measuredLossBody = z
  .object({ measuredLossDb: z.number().min(0).max(50).nullable() })
  .strict();

/** What one end of a fibre is joined to, or null when free. */
export interface FibreEnd {
  connectionId: number;
  kind: ConnectionKind;
  /** The enclosure where it is made: an element, or the central office. */
  enclosure: { elementId: number | null; centralOfficeId: number | null; name: string };
  /** What is on the other side, in words ("Cable CBD-01-CAB-3, fibre 14", "Splitter S1 output 3"). */
  to: string;
}

export interface Fibre {
  id: number;
  number: number;
  tube: number;
  /** Position in its tube. */
  position: number;
  colour: FibreColour;
  tubeColour: FibreColour;
  status: FibreStatus;
  ends: { a: FibreEnd | null; b: FibreEnd | null };
}

export interface CableFibres {
  id: number;
  name: string;
  fibreCount: number;
  tubes: number;
  fibresPerTube: number;
  /** used / reserved / free / faulty */
  fill: Record<FibreStatus, number>;
  fibres: Fibre[];
}

export interface EnclosureCable extends CableFibres {
  /** Which end of the cable lies on the enclosure; `through` when it passes by uncut. */
  end: 'a' | 'b' | 'through';
}

export interface SplitterLeg {
  leg: number;
  terminalId: number;
  joinedTo: string | null;
  connectionId: number | null;
}

export interface EnclosureSplitter {
  id: number;
  name: string;
  ratio: SplitterRatio;
  lossDb: number;
  legs: SplitterLeg[];
}

export interface EnclosurePort {
  id: number;
  kind: 'patch' | 'olt';
  panel: string;
  number: number;
  back: { joinedTo: string | null; connectionId: number | null };
  front: { joinedTo: string | null; connectionId: number | null };
}

export interface EnclosureTray {
  id: number;
  number: number;
  capacity: number;
  used: number;
}

export interface EnclosureConnection {
  id: number;
  kind: ConnectionKind;
  trayId: number | null;
  from: string;
  to: string;
  lossDb: number;
  measuredLossDb: number | null;
}

export interface EnclosurePlan {
  enclosure: {
    elementId: number | null;
    centralOfficeId: number | null;
    name: string;
    type: ElementTypeName | 'CentralOffice';
    projectId: number;
    clusterId: number | null;
  };
  colourScheme: ColourScheme;
  cables: EnclosureCable[];
  trays: EnclosureTray[];
  splitters: EnclosureSplitter[];
  ports: EnclosurePort[];
  connections: EnclosureConnection[];
}

export type TraceHopKind = 'fibre' | 'splice' | 'connector' | 'splitter' | 'olt-port' | 'open';

export interface TraceHop {
  kind: TraceHopKind;
  elementId: number | null;
  elementType: ElementTypeName | 'CentralOffice' | null;
  name: string;
  cableId?: number;
  fibreNumber?: number;
  colour?: FibreColour;
  lengthM: number;
  lossDb: DbByWavelength;
  cumulativeLengthM: number;
  cumulativeLossDb: DbByWavelength;
}

export interface Trace {
  hops: TraceHop[];
  totalLengthM: number;
  totalLossDb: DbByWavelength;
  end: 'olt-port' | 'open';
  /** Budget less the worse wavelength's loss. */
  marginDb: number;
  /** The elements the path runs through, to highlight on the map. */
  elementIds: number[];
}

export interface HomeBudget {
  elementId: number;
  name: string;
  end: 'olt-port' | 'open';
  totalLengthM: number;
  totalLossDb: DbByWavelength;
  marginDb: number;
}

export const traceQuery = z
  .object({
    fibreId: paramId.optional(),
    elementId: paramId.optional(),
    locale: z.string().max(10).optional(),
  })
  .refine((q) => (q.fibreId === undefined) !== (q.elementId === undefined), {
    message: 'fibreId or elementId',
  });

export const elementIdParams = z.object({ elementId: paramId });
export const cableIdParams = z.object({ cableId: paramId });
export const fibreIdParams = z.object({ fibreId: paramId });
export const officeIdParams = z.object({ officeId: paramId });
export const placeOfficeBody = z
  .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
  .strict();

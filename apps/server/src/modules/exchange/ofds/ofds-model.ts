/**
 * The parts of the Open Fibre Data Standard (0.3.0) that we write and read: the network, its
 * nodes and spans, phases and organisations. Only what our model fills or uses is typed here;
 * the schema itself (network-schema.json) is the reference and is not copied into the project.
 */

/** The network schema's own `$id`: the first link of every network names it (`describedby`). */
export const OFDS_NETWORK_SCHEMA_ID =
  'https://raw.githubusercontent.com/Open-Telecoms-Data/open-fibre-data-standard/0__3__0/schema/network-schema.json';

/** OFDS is longitude/latitude only: the one coordinate reference system a network may name. */
export const OFDS_CRS = {
  name: 'urn:ogc:def:crs:OGC::CRS84',
  uri: 'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
} as const;

export interface OfdsReference {
  id: string;
  name?: string;
}

export interface OfdsPoint {
  type: 'Point';
  coordinates: [number, number];
}

export interface OfdsLineString {
  type: 'LineString';
  coordinates: [number, number][];
}

export interface OfdsNode {
  id: string;
  name?: string;
  phase?: OfdsReference;
  status?: string;
  location?: OfdsPoint;
  type?: string[];
  accessPoint?: boolean;
  networkProviders?: OfdsReference[];
  [other: string]: unknown;
}

export interface OfdsSpan {
  id: string;
  name?: string;
  phase?: OfdsReference;
  status?: string;
  start?: string;
  end?: string;
  directed?: boolean;
  route?: OfdsLineString;
  transmissionMedium?: string[];
  fibreCount?: number;
  fibreLength?: number;
  deployment?: string[];
  networkProviders?: OfdsReference[];
  [other: string]: unknown;
}

export interface OfdsPhase {
  id: string;
  name?: string;
  [other: string]: unknown;
}

export interface OfdsOrganisation {
  id: string;
  name?: string;
  country?: string;
  roles?: string[];
  [other: string]: unknown;
}

export interface OfdsNetwork {
  id: string;
  name?: string;
  links: { rel: string; href: string }[];
  crs?: { name: string; uri: string };
  publicationDate?: string;
  language?: string;
  publisher?: { name?: string };
  organisations?: OfdsOrganisation[];
  phases?: OfdsPhase[];
  nodes?: OfdsNode[];
  spans?: OfdsSpan[];
  [other: string]: unknown;
}

export interface OfdsPackage {
  networks: OfdsNetwork[];
}

/**
 * Our node ids: the type's code and the element's id (`FDT77`, `SC120`, `PBO5120`), `CO3` for a
 * central office. An import reads the code back to give the node its type again.
 */
export const NODE_CODES = { FDTSRO: 'FDT', SpliceClosure: 'SC', PboFat: 'PBO' } as const;
export type NodeElementType = keyof typeof NODE_CODES;
export const NODE_ELEMENT_TYPES = Object.keys(NODE_CODES) as NodeElementType[];
export const OFFICE_CODE = 'CO';

/** The node type (open codelist) each of ours is published as. */
export const NODE_TYPE_OF: Record<NodeElementType | 'office', string> = {
  office: 'pop',
  FDTSRO: 'cabinet',
  SpliceClosure: 'aggregationPoint',
  PboFat: 'distributionPoint',
};

/** Our cluster phases as OFDS statuses (closed codelists of nodes and spans alike). */
export const STATUS_OF_PHASE: Record<string, string> = {
  'In-Progress': 'planned',
  Completed: 'operational',
};

/** Cable placements (cable_specs.placement) as OFDS deployments. */
export const DEPLOYMENT_OF_PLACEMENT: Record<string, string> = {
  aerial: 'aboveGround',
  facade: 'aboveGround',
  underground: 'belowGround',
};

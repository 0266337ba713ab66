import { z } from 'zod';
import { bodyId, paramId, text } from './primitives.ts';
import { latLngSchema, type LatLng } from './elements.ts';
import type { ElementTypeName } from './element-types.ts';

/** QR asset tags (SPEC §3 "QR tag template", "Tag detail"; issue "QR asset tags"). */

export const TAG_DETAIL_TYPES = ['Attribute', 'Free Text'] as const;
export type TagDetailType = (typeof TAG_DETAIL_TYPES)[number];
export const TAG_PROPERTIES = ['Height', 'Owner', 'Material', 'Top Diameter', 'Bottom Diameter'];

/** Tags one request may add (noOfTags, extraTags), and a template may hold in all. */
export const TAG_COUNT_MAX = 10_000;
export const TEMPLATE_TAGS_MAX = 100_000;
export const TAG_DETAILS_MAX = 20;
/** Digits of a code's number: PBO00001 (more once a template passes 99,999). */
export const TAG_NUMBER_DIGITS = 5;
/** A photo of a scan, as evidence, and how many a tag keeps. */
export const TAG_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const TAG_PHOTOS_MAX = 10;
/** Elements offered to link a scanned tag to: the nearest ones within this distance. */
export const TAG_NEARBY_RADIUS_M = 500;

/** Label sheets: Avery L7160 (A4, 21), Avery L7651 (A4, 65), a 50 × 30 mm thermal roll. */
export const LABEL_LAYOUT_NAMES = ['a4-21', 'a4-65', 'roll-50x30'] as const;
export type LabelLayoutName = (typeof LABEL_LAYOUT_NAMES)[number];

export interface TagDetail {
  ID: number;
  type: TagDetailType;
  /** One of TAG_PROPERTIES for an Attribute row; null (shown as N/A) for Free Text. */
  property: string | null;
  value: string;
}

export interface QrTemplate {
  id: number;
  name: string;
  noOfTags: number;
  prefix: string;
  networkElementTypeId: number;
  elementType: ElementTypeName;
  clusterId: number;
  templateId: number;
  /** The next number to hand out. */
  index: number;
  /** How many of its tags have been scanned. */
  scanned: number;
  tagDetails: TagDetail[];
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface QrTag {
  id: number;
  code: string;
  seq: number;
  /** The link the QR encodes: opens the tag in the app. */
  link: string;
  qrTemplateId: number;
  scanned: boolean;
  scannedAt: string | null;
  scannedBy: string | null;
  element: { id: number; name: string; coordinates: LatLng } | null;
  position: (LatLng & { accuracy: number | null }) | null;
  photos: number[];
}

/** A tag as the scan page shows it: with its template, cluster and project. */
export interface QrTagView extends QrTag {
  template: QrTemplate;
  clusterName: string;
  projectId: number;
  canScan: boolean;
}

export interface NearbyElement {
  id: number;
  name: string;
  coordinates: LatLng;
  distance: number;
  /** Codes of tags already linked to it. */
  tags: string[];
}

const prefix = text()
  .trim()
  .min(1)
  .max(8)
  .refine((p) => /^[A-Za-z0-9_-]*$/.test(p), { params: { reason: 'tagPrefix' } })
  .transform((p) => p.toUpperCase());
const tagCount = z.number().int().min(1).max(TAG_COUNT_MAX);

export const tagDetailSchema = z
  .object({
    ID: z.number().int().min(0).max(1_000_000),
    type: z.enum(TAG_DETAIL_TYPES),
    property: text().max(100).nullable(),
    value: text().max(200),
  })
  .refine((d) => d.type === 'Free Text' || TAG_PROPERTIES.includes(d.property ?? ''), {
    path: ['property'],
    params: { reason: 'tagProperty' },
  });

export const createQrTemplateBody = z.object({
  name: text().trim().min(1).max(100),
  noOfTags: tagCount,
  prefix,
  networkElementTypeId: bodyId,
  clusterId: bodyId,
  templateId: bodyId,
  tagDetails: z.array(tagDetailSchema).max(TAG_DETAILS_MAX).default([]),
});

export const updateQrTemplateBody = z.object({
  name: text().trim().min(1).max(100).optional(),
  prefix: prefix.optional(),
  tagDetails: z.array(tagDetailSchema).max(TAG_DETAILS_MAX).optional(),
  extraTags: z.number().int().min(0).max(TAG_COUNT_MAX).optional(),
});

export const qrDeleteQuery = z.object({ force: z.enum(['true', 'false']).optional() });

export const labelsQuery = z.object({
  layout: z.enum(LABEL_LAYOUT_NAMES).default('a4-21'),
  /** A range of sequence numbers to print (inclusive). */
  from: paramId.optional(),
  to: paramId.optional(),
  /** Labels of a part-used sheet to leave blank. */
  skip: z
    .string()
    .regex(/^[0-9]{1,3}$/)
    .transform(Number)
    .optional(),
});

export const tagCodeParams = z.object({ code: text().trim().min(1).max(40) });

export const scanTagBody = z.object({
  elementId: bodyId,
  position: latLngSchema.extend({ accuracy: z.number().min(0).max(100_000).optional() }).optional(),
  /** When the scan was made, if it waited offline in the browser. */
  scannedAt: z.iso.datetime({ offset: true }).optional(),
});

const coordinate = (limit: number) =>
  z
    .string()
    .regex(/^-?[0-9]{1,3}(\.[0-9]{1,15})?$/)
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit));
export const nearbyQuery = z.object({ lat: coordinate(90), lng: coordinate(180) });

export type CreateQrTemplateBody = z.infer<typeof createQrTemplateBody>;
export type UpdateQrTemplateBody = z.infer<typeof updateQrTemplateBody>;
export type ScanTagBody = z.infer<typeof scanTagBody>;

/** A tag's code: the prefix and its number, zero-padded (PBO00001). */
export const tagCode = (prefix: string, seq: number) =>
  `${prefix.toUpperCase()}${String(seq).padStart(TAG_NUMBER_DIGITS, '0')}`;

/**
 * Who can open a tag's link, by the address PUBLIC_URL gives: 'this-computer' (localhost,
 * 127.x, ::1, 0.0.0.0: no phone ever reaches it), 'local-network' (a private LAN address or a
 * .local name: only phones on that network, and rarely a crew's on a pole), or 'public'.
 */
export type LinkReach = 'public' | 'local-network' | 'this-computer';

export function linkReach(url: string): LinkReach {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return 'this-computer';
  }
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    host === '::' ||
    /^127\./.test(host)
  ) {
    return 'this-computer';
  }
  const privateV4 =
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^169\.254\./.test(host) ||
    /^172\.(1[6-9]|2[0-9]|3[01])\./.test(host);
  const privateV6 = /^f[cd][0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host);
  const localName = host.endsWith('.local') || host.endsWith('.lan') || !host.includes('.');
  return privateV4 || privateV6 || localName ? 'local-network' : 'public';
}

/** Where the tags' links point (GET /qrcode/link-base): the labels and spreadsheet warn if local. */
export interface TagLinkBase {
  publicUrl: string;
  reach: LinkReach;
}

/** GET /qrcode/templates/{id}/labels/fit: what a layout cannot print whole, even shrunk. */
export interface LabelsFit {
  layout: LabelLayoutName;
  /** The texts (template name, details, the longest code) cut on that stock, as written. */
  notFitting: string[];
  link: TagLinkBase;
}

export const labelsFitQuery = z.object({ layout: z.enum(LABEL_LAYOUT_NAMES).default('a4-21') });

import {
  ELEMENT_TYPES,
  type AttributeDefinition,
  type AttributeValue,
  type CreateElementBody,
  type ElementType,
  type FeatureCollection,
  type ImportedLayer,
  type LatLng,
} from '@integration/contracts';

/** Where a file's field goes: the element's name, a template attribute, or nowhere. */
export const NAME_TARGET = '__name';
export type FieldTarget = typeof NAME_TARGET | string | null;
export type FieldMapping = Record<string, FieldTarget>;

/** Lower case, accents and separators dropped: 'Date_Création' → 'datecreation'. */
export const normalise = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** Names other tools (and French-speaking teams) give to the same things. */
const TYPE_WORDS: Record<string, string[]> = {
  PboFat: ['pbo', 'fat', 'pbofat', 'pointdebranchement', 'nap'],
  SpliceClosure: ['splice', 'closure', 'boitedejonction', 'bpe', 'joint', 'epissure'],
  Pole: ['pole', 'poles', 'poteau', 'poteaux', 'appui', 'appuis', 'mat'],
  Manhole: ['manhole', 'manholes', 'chambre', 'chambres', 'regard', 'handhole'],
  Loop: ['loop', 'loops', 'lovage', 'boucle', 'slack'],
  FDTSRO: ['fdt', 'sro', 'fdtsro', 'cabinet', 'armoire', 'pm'],
  SFU: ['sfu', 'house', 'home', 'logement', 'abonne', 'subscriber'],
  Building: ['building', 'buildings', 'batiment', 'batiments', 'immeuble', 'mdu'],
  Cable: ['cable', 'cables', 'fibre', 'fiber', 'route', 'span', 'spans', 'troncon'],
  Zone: ['zone', 'zones', 'nro', 'area', 'polygon', 'boundary', 'perimetre'],
};

const ATTRIBUTE_WORDS: Record<string, string[]> = {
  name: ['name', 'nom', 'label', 'libelle', 'title', 'titre', 'ref', 'reference', 'code'],
  capacity: ['capacity', 'capacite', 'cap', 'fibres', 'fibers', 'nbfo', 'nbfibres', 'size'],
  type: ['type', 'kind', 'nature', 'categorie', 'category'],
  height: ['height', 'hauteur', 'haut'],
  owner: ['owner', 'proprietaire', 'operator', 'operateur'],
  material: ['material', 'materiau', 'matiere'],
  status: ['status', 'statut', 'etat', 'state'],
  address: ['address', 'adresse', 'street', 'rue'],
  comment: [
    'comment',
    'comments',
    'commentaire',
    'remarks',
    'note',
    'notes',
    'description',
    'desc',
  ],
};

const KIND_OF_TYPE: Record<string, string> = { point: 'point', line: 'line', polygon: 'polygon' };

/**
 * The element type a layer most likely holds: its geometry decides for lines (cables) and
 * polygons (zones); points go by the layer's name ('Poteaux', 'PBO_FAT'…), else no guess.
 */
export function guessElementType(
  layer: Pick<ImportedLayer, 'name' | 'geometryKind'>,
): ElementType | null {
  const candidates = ELEMENT_TYPES.filter((t) => KIND_OF_TYPE[t.geometry] === layer.geometryKind);
  if (candidates.length === 0) return null;
  if (candidates.length === 1) return candidates[0] ?? null;
  const words = layer.name
    .split(/[^\p{L}\p{N}]+/u)
    .map(normalise)
    .filter(Boolean);
  const whole = normalise(layer.name);
  for (const type of candidates) {
    const own = [type.internalName, type.displayName, type.segment, type.code].map(normalise);
    const names = [...own, ...(TYPE_WORDS[type.internalName] ?? [])];
    if (names.includes(whole) || words.some((w) => names.includes(w))) return type;
  }
  return null;
}

const synonymGroup = (text: string) =>
  Object.entries(ATTRIBUTE_WORDS).find(([, words]) => words.includes(text))?.[0];

/**
 * A field → attribute guess: the same name once normalised, else a known synonym, else a name
 * contained in the other (3+ letters). Each attribute is used once; the Name attribute (derived)
 * becomes the element's name. Fields with no match are left out.
 */
export function guessFieldMapping(
  fields: string[],
  attributes: AttributeDefinition[],
): FieldMapping {
  const mapping: FieldMapping = {};
  const used = new Set<string>();
  const targets = attributes.filter((a) => !a.derived || a.name === 'Name');
  const targetOf = (attribute: AttributeDefinition) =>
    attribute.name === 'Name' ? NAME_TARGET : attribute.name;
  const rules: ((field: string, attribute: string) => boolean)[] = [
    (f, a) => f === a,
    (f, a) => synonymGroup(f) !== undefined && synonymGroup(f) === (synonymGroup(a) ?? a),
    (f, a) => f.length >= 3 && a.length >= 3 && (f.includes(a) || a.includes(f)),
  ];
  for (const rule of rules) {
    for (const field of fields) {
      if (mapping[field]) continue;
      const attribute = targets.find(
        (a) => !used.has(a.name) && rule(normalise(field), normalise(a.name)),
      );
      if (attribute) {
        mapping[field] = targetOf(attribute);
        used.add(attribute.name);
      }
    }
  }
  for (const field of fields) mapping[field] ??= null;
  return mapping;
}

/** A file's value as the attribute's input type wants it, or undefined when it does not fit. */
export function attributeValue(
  definition: AttributeDefinition,
  value: unknown,
): AttributeValue | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  switch (definition.inputType) {
    case 'number': {
      const number = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
      return Number.isFinite(number) ? number : undefined;
    }
    case 'boolean': {
      const text = normalise(String(value));
      if (['true', '1', 'yes', 'oui', 'y', 'o'].includes(text)) return true;
      if (['false', '0', 'no', 'non', 'n'].includes(text)) return false;
      return undefined;
    }
    case 'dropdown': {
      const option = definition.options?.find((o) => normalise(o) === normalise(String(value)));
      return option === undefined ? undefined : JSON.stringify(option);
    }
    case 'date': {
      const match = /^(\d{4})[-/](\d{2})[-/](\d{2})/.exec(String(value));
      return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
    }
    case 'place':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

type Geometry = NonNullable<FeatureCollection['features'][number]['geometry']>;
const latLng = (position: unknown): LatLng => {
  const [lng = NaN, lat = NaN] = position as number[];
  return { lat, lng };
};
const valid = (p: LatLng) => Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/** The element geometries a feature gives for a type: Multi* exploded; a zone is an outer ring. */
export function elementCoordinates(
  geometry: Geometry,
  kind: ElementType['geometry'],
): { coordinates: (LatLng | LatLng[])[]; droppedHoles: number } {
  const c = geometry.coordinates as unknown[];
  let droppedHoles = 0;
  const rings = (polygon: unknown[]) => {
    droppedHoles += Math.max(0, polygon.length - 1);
    return (polygon[0] as unknown[]).map(latLng);
  };
  let coordinates: (LatLng | LatLng[])[] = [];
  if (kind === 'point' && geometry.type === 'Point') coordinates = [latLng(c)];
  if (kind === 'point' && geometry.type === 'MultiPoint') coordinates = c.map(latLng);
  if (kind === 'line' && geometry.type === 'LineString') coordinates = [c.map(latLng)];
  if (kind === 'line' && geometry.type === 'MultiLineString') {
    coordinates = c.map((line) => (line as unknown[]).map(latLng));
  }
  if (kind === 'polygon' && geometry.type === 'Polygon') coordinates = [rings(c)];
  if (kind === 'polygon' && geometry.type === 'MultiPolygon')
    coordinates = c.map((p) => rings(p as unknown[]));
  return {
    coordinates: coordinates.filter((g) =>
      Array.isArray(g) ? g.every(valid) && g.length > 0 : valid(g),
    ),
    droppedHoles,
  };
}

export interface PreparedItem {
  /** Index of the feature in the layer, for the report. */
  feature: number;
  body: CreateElementBody;
}

/** "Owner (12), Remarks (19)": the fields whose values were left out, most first. */
export function droppedFieldList(droppedByField: Record<string, number>): string {
  return Object.entries(droppedByField)
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
    .map(([field, count]) => `${field} (${count})`)
    .join(', ');
}

/** The create bodies of a layer's features, with the mapped attributes converted. */
export function prepareItems(
  features: FeatureCollection['features'],
  options: {
    type: ElementType;
    clusterId: number;
    templateId: number;
    attributes: AttributeDefinition[];
    mapping: FieldMapping;
  },
): {
  items: PreparedItem[];
  skipped: { feature: number; reason: 'geometry' }[];
  droppedHoles: number;
  droppedValues: number;
  /** Values left out per field of the file, so the report can name them. */
  droppedByField: Record<string, number>;
} {
  const items: PreparedItem[] = [];
  const skipped: { feature: number; reason: 'geometry' }[] = [];
  let droppedHoles = 0;
  let droppedValues = 0;
  const droppedByField: Record<string, number> = {};
  const byName = new Map(options.attributes.map((a) => [a.name, a]));
  features.forEach((feature, index) => {
    if (!feature.geometry) return skipped.push({ feature: index, reason: 'geometry' });
    const geometry = elementCoordinates(feature.geometry, options.type.geometry);
    droppedHoles += geometry.droppedHoles;
    if (geometry.coordinates.length === 0)
      return skipped.push({ feature: index, reason: 'geometry' });
    let name: string | undefined;
    const attributes: Record<string, AttributeValue> = {};
    for (const [field, target] of Object.entries(options.mapping)) {
      const value = feature.properties?.[field];
      if (!target || value === null || value === undefined || value === '') continue;
      if (target === NAME_TARGET) {
        name = String(value).trim().slice(0, 200) || undefined;
        continue;
      }
      const definition = byName.get(target);
      const converted = definition ? attributeValue(definition, value) : undefined;
      if (converted === undefined) {
        droppedValues++;
        droppedByField[field] = (droppedByField[field] ?? 0) + 1;
      } else attributes[target] = converted;
    }
    for (const coordinates of geometry.coordinates) {
      items.push({
        feature: index,
        body: {
          clusterId: options.clusterId,
          templateId: options.templateId,
          ...(name ? { name } : {}),
          coordinates,
          attributes,
        },
      });
    }
  });
  return { items, skipped, droppedHoles, droppedValues, droppedByField };
}

/** Splits a list into batches for the "multiple" endpoint. */
export function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

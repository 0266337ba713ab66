import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../database.ts';
import { qrTemplatesRepository } from '../../modules/qrcode/qr-templates.repository.ts';
import { qrTagsRepository } from '../../modules/qrcode/qr-tags.repository.ts';
import { DEMO_NETWORK_CLUSTER } from './demo-network.seed.ts';

/** The demo's tag templates in CBD-01: poles and PBO-FATs, some tags scanned with evidence. */
const DEMO_TEMPLATES = [
  {
    name: 'Poles CBD-01',
    type: 'Pole',
    prefix: 'POL',
    tags: 42,
    scanned: 6,
    details: [
      { ID: 1, type: 'Attribute', property: 'Height', value: '9 m' },
      { ID: 2, type: 'Attribute', property: 'Owner', value: 'Safaricom' },
      { ID: 3, type: 'Attribute', property: 'Material', value: 'Wood' },
    ],
  },
  {
    name: 'PBO-FATs CBD-01',
    type: 'PboFat',
    prefix: 'PBO',
    tags: 21,
    scanned: 4,
    details: [
      { ID: 1, type: 'Attribute', property: 'Owner', value: 'Safaricom' },
      { ID: 2, type: 'Free Text', property: null, value: 'Call NOC 0700 000 000 before opening' },
    ],
  },
] as const;

/** A small PNG of one colour: the seed's stand-in for a site photo. */
function photoPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.alloc(width * 3).map((_, i) => rgb[i % 3] ?? 0),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

export async function seedDemoQr(db: Database, adminId: number, fieldId: number): Promise<void> {
  const cluster = await db.one<{ id: number; projectId: number }>(sql`
    SELECT c.id, co.project_id AS "projectId" FROM clusters c
    JOIN central_offices co ON co.id = c.central_office_id
    WHERE c.name = ${DEMO_NETWORK_CLUSTER} ORDER BY c.id LIMIT 1`);
  if (!cluster) return;
  const existing = await db.one(sql`SELECT 1 FROM qr_templates WHERE cluster_id = ${cluster.id}`);
  if (existing) return;
  for (const demo of DEMO_TEMPLATES) {
    await db.transaction(async (tx) => {
      const template = await tx.one<{ id: number }>(sql`
        SELECT id FROM element_templates
        WHERE project_id = ${cluster.projectId} AND type = ${demo.type} AND is_default`);
      if (!template) return;
      const id = await qrTemplatesRepository.create(tx, {
        clusterId: cluster.id,
        type: demo.type,
        templateId: template.id,
        name: demo.name,
        prefix: demo.prefix,
        tagDetails: [...demo.details],
        userId: adminId,
      });
      await qrTemplatesRepository.addTags(tx, id, demo.tags);
      const elements = await tx.rows<{ id: number; lat: number; lng: number }>(sql`
        SELECT id, ST_Y(geom) AS lat, ST_X(geom) AS lng FROM network_elements
        WHERE cluster_id = ${cluster.id} AND type = ${demo.type} AND deleted_at IS NULL
        ORDER BY id LIMIT ${demo.scanned}`);
      const tags = await qrTagsRepository.page(tx, id, 0, elements.length);
      for (const [i, element] of elements.entries()) {
        const tag = tags[i];
        if (!tag) break;
        await qrTagsRepository.scan(tx, tag.id, {
          elementId: element.id,
          userId: fieldId,
          at: new Date(Date.now() - (elements.length - i) * 3_600_000).toISOString(),
          // A phone's fix a few metres from the element.
          position: { lat: element.lat + 0.00002, lng: element.lng - 0.00002, accuracy: 6 },
        });
        await qrTagsRepository.addPhoto(tx, tag.id, {
          contentType: 'image/png',
          bytes: photoPng(96, 64, [90 + i * 20, 120, 160 - i * 10]),
          userId: fieldId,
        });
      }
    });
  }
}

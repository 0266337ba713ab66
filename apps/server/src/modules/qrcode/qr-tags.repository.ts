import { sql, type SQL } from 'drizzle-orm';
import type { NearbyElement } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';

/** A tag row as read from the database; the service adds its link. */
export interface QrTagRow {
  id: number;
  code: string;
  seq: number;
  qrTemplateId: number;
  scanned: boolean;
  scannedAt: string | null;
  scannedBy: string | null;
  element: { id: number; name: string; coordinates: { lat: number; lng: number } } | null;
  position: { lat: number; lng: number; accuracy: number | null } | null;
  photos: number[];
}

// A line or a zone is reached at its first point or inside it, as the map anchors them.
const ANCHOR = sql`(CASE WHEN GeometryType(e.geom) = 'POINT' THEN e.geom
                         WHEN GeometryType(e.geom) = 'LINESTRING' THEN ST_StartPoint(e.geom)
                         ELSE ST_PointOnSurface(e.geom) END)`;

const selectTags = (where: SQL, page = sql``) => sql`
  SELECT t.id, t.code, t.seq, t.qr_template_id AS "qrTemplateId",
         t.scanned_at IS NOT NULL AS scanned, iso_time(t.scanned_at) AS "scannedAt",
         u.name AS "scannedBy",
         CASE WHEN e.id IS NULL THEN NULL ELSE json_build_object(
           'id', e.id, 'name', e.name,
           'coordinates', json_build_object('lat', ST_Y(${ANCHOR}), 'lng', ST_X(${ANCHOR}))) END
           AS element,
         CASE WHEN t.scan_geom IS NULL THEN NULL ELSE json_build_object(
           'lat', ST_Y(t.scan_geom), 'lng', ST_X(t.scan_geom), 'accuracy', t.scan_accuracy) END
           AS position,
         coalesce((SELECT json_agg(p.id ORDER BY p.id) FROM qr_tag_photos p WHERE p.tag_id = t.id),
                  '[]'::json) AS photos
  FROM qr_tags t
  LEFT JOIN users u ON u.id = t.scanned_by
  LEFT JOIN network_elements e ON e.id = t.element_id AND e.deleted_at IS NULL
  WHERE ${where}
  ORDER BY t.qr_template_id, t.seq
  ${page}`;

/** A tag as documents print it: no photos, no JSON, only what a label or a row shows. */
export interface QrTagDocumentRow {
  code: string;
  seq: number;
  scanned: boolean;
  scannedAt: string | null;
  scannedBy: string | null;
  elementName: string | null;
  lat: number | null;
  lng: number | null;
}

export const qrTagsRepository = {
  /** A page of tags for a PDF or a spreadsheet: the lean read that 100,000 tags need. */
  documentPage: (db: Queryable, templateId: number, after: number, limit: number, upTo: number) =>
    db.rows<QrTagDocumentRow>(sql`
      SELECT t.code, t.seq, t.scanned_at IS NOT NULL AS scanned,
             iso_time(t.scanned_at) AS "scannedAt", u.name AS "scannedBy",
             e.name AS "elementName", ST_Y(${ANCHOR}) AS lat, ST_X(${ANCHOR}) AS lng
      FROM qr_tags t
      LEFT JOIN users u ON u.id = t.scanned_by
      LEFT JOIN network_elements e ON e.id = t.element_id AND e.deleted_at IS NULL
      WHERE t.qr_template_id = ${templateId} AND t.seq > ${after} AND t.seq <= ${upTo}
      ORDER BY t.seq
      LIMIT ${limit}`),

  /** One page of a template's tags in number order, from sequence number `after` on. */
  page: (db: Queryable, templateId: number, after: number, limit: number, upTo = 2 ** 31 - 1) =>
    db.rows<QrTagRow>(
      selectTags(
        sql`t.qr_template_id = ${templateId} AND t.seq > ${after} AND t.seq <= ${upTo}`,
        sql`LIMIT ${limit}`,
      ),
    ),

  byCode: (db: Queryable, code: string) =>
    db.one<QrTagRow>(selectTags(sql`t.code = ${code.toUpperCase()}`)),

  /** The template's elements nearest to a position, within `radius` metres. */
  nearby: (
    db: Queryable,
    where: { clusterId: number; type: string },
    at: { lat: number; lng: number },
    radius: number,
    limit: number,
  ) => {
    const point = sql`ST_SetSRID(ST_MakePoint(${at.lng}, ${at.lat}), 4326)`;
    // The index finds the nearest by planar distance; metres are then measured on the sphere.
    return db.rows<NearbyElement>(sql`
      SELECT id, name, coordinates, distance, tags FROM (
        SELECT e.id, e.name,
               json_build_object('lat', ST_Y(${ANCHOR}), 'lng', ST_X(${ANCHOR})) AS coordinates,
               round(ST_Distance(e.geom::geography, ${point}::geography)::numeric, 1)::float AS distance,
               coalesce((SELECT json_agg(t.code ORDER BY t.code) FROM qr_tags t
                         WHERE t.element_id = e.id), '[]'::json) AS tags
        FROM network_elements e
        WHERE e.cluster_id = ${where.clusterId} AND e.type = ${where.type} AND e.deleted_at IS NULL
        ORDER BY e.geom <-> ${point}
        LIMIT ${limit * 4}) near
      WHERE distance <= ${radius}
      ORDER BY distance LIMIT ${limit}`);
  },

  /** The element, if it is a live element of that cluster and type. */
  elementIn: (db: Queryable, elementId: number, clusterId: number, type: string) =>
    db.one<{ id: number; name: string }>(sql`
      SELECT id, name FROM network_elements
      WHERE id = ${elementId} AND cluster_id = ${clusterId} AND type = ${type}
        AND deleted_at IS NULL`),

  async scan(
    db: Queryable,
    tagId: number,
    scan: {
      elementId: number;
      userId: number;
      at: string | null;
      position: { lat: number; lng: number; accuracy?: number } | null;
    },
  ): Promise<void> {
    const point = scan.position
      ? sql`ST_SetSRID(ST_MakePoint(${scan.position.lng}, ${scan.position.lat}), 4326)`
      : sql`NULL`;
    await db.rows(sql`
      UPDATE qr_tags SET element_id = ${scan.elementId}, scanned_by = ${scan.userId},
             scanned_at = coalesce(${scan.at}::timestamptz, now()),
             scan_geom = ${point}, scan_accuracy = ${scan.position?.accuracy ?? null}
      WHERE id = ${tagId}`);
  },

  photoCount: async (db: Queryable, tagId: number) =>
    (
      await db.one<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM qr_tag_photos WHERE tag_id = ${tagId}`,
      )
    )?.n ?? 0,

  /**
   * A photo's row: its file under DATA_DIR (uploads), or its bytes (photos stored before files,
   * and the demo seed's few hundred bytes). The hash and size are kept either way.
   */
  async addPhoto(
    db: Queryable,
    tagId: number,
    photo: { contentType: string; userId: number } & (
      { bytes: Buffer } | { file: string; sha256: string; size: number }
    ),
  ): Promise<number> {
    const row = await db.one<{ id: number }>(
      'bytes' in photo
        ? sql`
          INSERT INTO qr_tag_photos (tag_id, content_type, bytes, sha256, size, uploaded_by)
          VALUES (${tagId}, ${photo.contentType}, ${photo.bytes},
                  encode(sha256(${photo.bytes}), 'hex'), ${photo.bytes.length}, ${photo.userId})
          RETURNING id`
        : sql`
          INSERT INTO qr_tag_photos (tag_id, content_type, file, sha256, size, uploaded_by)
          VALUES (${tagId}, ${photo.contentType}, ${photo.file}, ${photo.sha256}, ${photo.size},
                  ${photo.userId})
          RETURNING id`,
    );
    if (!row) throw new Error('photo insert returned nothing');
    return row.id;
  },

  /** A photo's row; `bytes` only for a photo stored before files. */
  photo: (db: Queryable, tagId: number, photoId: number) =>
    db.one<{
      contentType: string;
      file: string | null;
      sha256: string;
      size: number;
      bytes: Uint8Array | null;
    }>(sql`
      SELECT content_type AS "contentType", file, sha256, size,
             CASE WHEN file IS NULL THEN bytes END AS bytes
      FROM qr_tag_photos WHERE id = ${photoId} AND tag_id = ${tagId}`),

  /** When the tag was created: no scan of it can be older. */
  createdAt: async (db: Queryable, tagId: number) =>
    (
      await db.one<{ at: string }>(
        sql`SELECT iso_time(created_at) AS at FROM qr_tags WHERE id = ${tagId}`,
      )
    )?.at ?? null,

  /**
   * The bytes of photos kept in the tag's project: by this user, and by everyone. The
   * project and its name, for the quota's message.
   */
  photoUse: async (db: Queryable, tagId: number, userId: number) => {
    const row = await db.one<{ project: string; mine: number; all: number }>(sql`
      WITH project AS (
        SELECT p.id, p.name FROM qr_tags t
        JOIN qr_templates q ON q.id = t.qr_template_id
        JOIN clusters c ON c.id = q.cluster_id
        JOIN central_offices co ON co.id = c.central_office_id
        JOIN projects p ON p.id = co.project_id
        WHERE t.id = ${tagId})
      SELECT project.name AS project,
             coalesce(sum(ph.size) FILTER (WHERE ph.uploaded_by = ${userId}), 0)::float8 AS mine,
             coalesce(sum(ph.size), 0)::float8 AS all
      FROM project
      LEFT JOIN central_offices co ON co.project_id = project.id
      LEFT JOIN clusters c ON c.central_office_id = co.id
      LEFT JOIN qr_templates q ON q.cluster_id = c.id
      LEFT JOIN qr_tags t ON t.qr_template_id = q.id
      LEFT JOIN qr_tag_photos ph ON ph.tag_id = t.id
      GROUP BY project.name`);
    return row ?? { project: '', mine: 0, all: 0 };
  },

  /** The hashes of a template's photo files (to remove them once the template is gone). */
  templatePhotoHashes: async (db: Queryable, templateId: number) =>
    (
      await db.rows<{ sha256: string }>(sql`
        SELECT DISTINCT ph.sha256 FROM qr_tag_photos ph JOIN qr_tags t ON t.id = ph.tag_id
        WHERE t.qr_template_id = ${templateId} AND ph.file IS NOT NULL`)
    ).map((r) => r.sha256),

  /** Which of these hashes rows still name (all of them when `among` is absent). */
  namedHashes: async (db: Queryable, among?: string[]) =>
    new Set(
      (
        await db.rows<{ sha256: string }>(
          among
            ? sql`SELECT DISTINCT sha256 FROM qr_tag_photos
                  WHERE file IS NOT NULL AND sha256 IN (${sql.join(
                    among.map((h) => sql`${h}`),
                    sql`, `,
                  )})`
            : sql`SELECT DISTINCT sha256 FROM qr_tag_photos WHERE file IS NOT NULL`,
        )
      ).map((r) => r.sha256),
    ),

  deletePhoto: (db: Queryable, tagId: number, photoId: number) =>
    db.one<{ sha256: string; file: string | null; uploadedBy: number | null }>(sql`
      DELETE FROM qr_tag_photos WHERE id = ${photoId} AND tag_id = ${tagId}
      RETURNING sha256, file, uploaded_by AS "uploadedBy"`),
};

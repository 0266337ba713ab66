import { sql } from 'drizzle-orm';
import {
  TAG_NEARBY_RADIUS_M,
  TAG_PHOTOS_MAX,
  type QrTag,
  type QrTagView,
  type ScanTagBody,
} from '@integration/contracts';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { PerUserLimit } from '../../http/per-user-limit.ts';
import { lockRow } from '../../db/row-lock.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { canEditCluster, visibleProject } from '../access/access.ts';
import type { UserRecord } from '../users/users.repository.ts';
import type { QrTemplatesService } from './qr-templates.service.ts';
import { qrTagsRepository as repo, type QrTagRow } from './qr-tags.repository.ts';
import { tagLink } from './tag-link.ts';
import { createPhotoStore } from './photo-store.ts';

const tagNotFound = (code: string) => new AppError(404, 'NOT_FOUND', 'qr.tagNotFound', { code });
const PAGE_MAX = 1000;
/** A phone's clock running behind the server's: a scan this much before its tag is taken as made then. */
const CLOCK_SKEW_MS = 60 * 60 * 1000;
/** A scan dated further ahead is refused (a queued scan is never from the future). */
const FUTURE_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;
/** Megabytes to two significant digits (a photo of 40 kB is 0.038 MB, not 0). */
const megabytes = (bytes: number) => Number((bytes / MB).toPrecision(2));

export function createQrTagsService(
  db: Database,
  templates: QrTemplatesService,
  config: Pick<Config, 'publicUrl' | 'dataDir' | 'photoQuota'>,
) {
  const { publicUrl, photoQuota } = config;
  const store = createPhotoStore(config.dataDir);
  // A phone sends its photos one after the other; more at once is a script.
  const uploads = new PerUserLimit(2);
  const withLink = (row: QrTagRow): QrTag => ({ ...row, link: tagLink(publicUrl, row.code) });

  /** Field crews scan; so do planners of the cluster and admins. Viewers only look. */
  async function canScan(user: UserRecord, clusterId: number, projectId: number) {
    if (user.role === 'field') {
      const row = await db.one<{ ok: boolean }>(sql`
        SELECT ${visibleProject(user, sql`${projectId}`)} AS ok`);
      return row?.ok ?? false;
    }
    return canEditCluster(db, user, clusterId);
  }

  /**
   * The tag of a code with its template. Codes are sequential and guessable, so a tag the user
   * may not read answers as an unknown code: a printed label tells nothing to a stranger.
   */
  async function view(user: UserRecord, code: string): Promise<QrTagView> {
    const row = await repo.byCode(db, code);
    if (!row) throw tagNotFound(code);
    const template = await templates.readable(user, row.qrTemplateId).catch((error: unknown) => {
      throw error instanceof AppError && error.statusCode === 403 ? tagNotFound(code) : error;
    });
    const { projectId, clusterName, ...shown } = template;
    return {
      ...withLink(row),
      template: shown,
      clusterName,
      projectId,
      canScan: await canScan(user, template.clusterId, projectId),
    };
  }

  async function scannable(user: UserRecord, code: string): Promise<QrTagView> {
    const tag = await view(user, code);
    if (!tag.canScan) throw forbidden();
    return tag;
  }

  return {
    view,

    async page(user: UserRecord, templateId: number, after: number, limit: number) {
      await templates.readable(user, templateId);
      const rows = await repo.page(db, templateId, after, Math.min(limit, PAGE_MAX));
      return rows.map(withLink);
    },

    async nearby(user: UserRecord, code: string, at: { lat: number; lng: number }) {
      const tag = await view(user, code);
      return repo.nearby(
        db,
        { clusterId: tag.template.clusterId, type: tag.template.elementType },
        at,
        TAG_NEARBY_RADIUS_M,
        10,
      );
    },

    /**
     * Links the tag to an element of its template's type and cluster. A later scan of the same
     * tag replaces the link (the crew corrects a mistake); the photos stay.
     */
    async scan(user: UserRecord, code: string, body: ScanTagBody): Promise<QrTagView> {
      const tag = await scannable(user, code);
      const { clusterId, elementType } = tag.template;
      await db.transaction(async (tx) => {
        if (!(await lockRow(tx, 'qr_tags', tag.id, 'update'))) throw tagNotFound(code);
        if (!(await repo.elementIn(tx, body.elementId, clusterId, elementType))) {
          throw new AppError(422, 'VALIDATION_ERROR', 'qr.elementNotInTemplate', {
            id: body.elementId,
            type: elementType,
            cluster: tag.clusterName,
          });
        }
        await repo.scan(tx, tag.id, {
          elementId: body.elementId,
          userId: user.id,
          at: body.scannedAt
            ? scanTime(body.scannedAt, await repo.createdAt(tx, tag.id), code)
            : null,
          position: body.position ?? null,
        });
      });
      return view(user, code);
    },

    /**
     * Stores a photo of the tag as a file (see photo-store.ts) within the tag's count and the
     * project's quotas, checked before the bytes arrive (by the announced length) and again
     * with the stored size.
     */
    async addPhoto(
      user: UserRecord,
      code: string,
      body: Readable,
      announced: number,
    ): Promise<{ id: number }> {
      const tag = await scannable(user, code);
      return uploads.run(user.id, async () => {
        await withinLimits(db, tag.id, user, announced);
        const stored = await store.save(body);
        try {
          return await db.transaction(async (tx) => {
            if (!(await lockRow(tx, 'qr_tags', tag.id, 'update'))) throw tagNotFound(code);
            await withinLimits(tx, tag.id, user, stored.size);
            return { id: await repo.addPhoto(tx, tag.id, { ...stored, userId: user.id }) };
          });
        } catch (error) {
          await forget([stored.sha256]);
          throw error;
        }
      });
    },

    async photo(user: UserRecord, code: string, photoId: number) {
      const tag = await view(user, code);
      const photo = await repo.photo(db, tag.id, photoId);
      const notFound = () => new AppError(404, 'NOT_FOUND', 'qr.photoNotFound', { id: photoId });
      if (!photo) throw notFound();
      const { contentType, sha256, size } = photo;
      if (photo.bytes) return { contentType, sha256, size, body: Buffer.from(photo.bytes) };
      const body = photo.file ? await store.open(photo.file) : null;
      if (!body) throw notFound();
      return { contentType, sha256, size, body };
    },

    /**
     * Removes a photo: its uploader (while they may scan the tag) or a planner of the cluster.
     * Its file goes once no other row names it.
     */
    async deletePhoto(user: UserRecord, code: string, photoId: number): Promise<void> {
      const tag = await scannable(user, code);
      const planner = await canEditCluster(db, user, tag.template.clusterId);
      const removed = await db.transaction(async (tx) => {
        const row = await repo.photo(tx, tag.id, photoId);
        if (!row) throw new AppError(404, 'NOT_FOUND', 'qr.photoNotFound', { id: photoId });
        const gone = await repo.deletePhoto(tx, tag.id, photoId);
        if (!planner && gone?.uploadedBy !== user.id) throw forbidden();
        return gone;
      });
      if (removed?.file) await forget([removed.sha256]);
    },

    /** The hashes of a template's photo files, read before it is deleted. */
    templatePhotoHashes: (templateId: number) => repo.templatePhotoHashes(db, templateId),
    forget,
    /** Files of photos whose rows went with a cluster or a project; see PhotoStore.sweep. */
    sweep: (minAgeMs?: number) => store.sweep(() => repo.namedHashes(db), minAgeMs),
  };

  function forget(sha256s: string[]) {
    return store.forget(sha256s, (among) => repo.namedHashes(db, among));
  }

  /** The tag's count and the quotas, with `adding` more bytes (413 naming the quota). */
  async function withinLimits(q: Queryable, tagId: number, user: UserRecord, adding: number) {
    if ((await repo.photoCount(q, tagId)) >= TAG_PHOTOS_MAX) {
      throw new AppError(409, 'CONFLICT', 'qr.tooManyPhotos', { max: TAG_PHOTOS_MAX });
    }
    const use = await repo.photoUse(q, tagId, user.id);
    if (use.mine + adding > photoQuota.userBytes) {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'photos.userQuota', {
        size: megabytes(adding),
        used: megabytes(use.mine),
        max: megabytes(photoQuota.userBytes),
        project: use.project,
      });
    }
    if (use.all + adding > photoQuota.projectBytes) {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'photos.projectQuota', {
        size: megabytes(adding),
        used: megabytes(use.all),
        max: megabytes(photoQuota.projectBytes),
        project: use.project,
      });
    }
  }
}

/**
 * When a scan that waited offline was made: not before its tag existed (a phone's clock an
 * hour behind is forgiven, the scan then counts from the tag's creation), not more than a day
 * ahead (a little ahead is a clock running fast: the scan counts from now).
 */
function scanTime(scannedAt: string, tagCreated: string | null, code: string): string | null {
  const at = Date.parse(scannedAt);
  if (at > Date.now() + FUTURE_MS) {
    throw new AppError(400, 'VALIDATION_ERROR', 'photos.scanInFuture', { date: scannedAt });
  }
  if (at > Date.now()) return null;
  const created = tagCreated ? Date.parse(tagCreated) : -Infinity;
  if (at < created - CLOCK_SKEW_MS) {
    throw new AppError(400, 'VALIDATION_ERROR', 'photos.scanBeforeTag', {
      date: scannedAt,
      code,
      created: tagCreated ?? '',
    });
  }
  return at < created ? tagCreated : scannedAt;
}

export type QrTagsService = ReturnType<typeof createQrTagsService>;

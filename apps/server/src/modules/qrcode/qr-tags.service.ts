import { sql } from 'drizzle-orm';
import {
  TAG_NEARBY_RADIUS_M,
  TAG_PHOTOS_MAX,
  type QrTag,
  type QrTagView,
  type ScanTagBody,
} from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { lockRow } from '../../db/row-lock.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { canEditCluster, visibleProject } from '../access/access.ts';
import type { UserRecord } from '../users/users.repository.ts';
import type { QrTemplatesService } from './qr-templates.service.ts';
import { qrTagsRepository as repo, type QrTagRow } from './qr-tags.repository.ts';
import { tagLink } from './tag-link.ts';
import { photoType } from './photo-type.ts';

const tagNotFound = (code: string) => new AppError(404, 'NOT_FOUND', 'qr.tagNotFound', { code });
const PAGE_MAX = 1000;

export function createQrTagsService(
  db: Database,
  templates: QrTemplatesService,
  publicUrl: string,
) {
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
          // A scan that waited offline keeps its time, unless the phone's clock ran ahead.
          at: body.scannedAt && Date.parse(body.scannedAt) < Date.now() ? body.scannedAt : null,
          position: body.position ?? null,
        });
      });
      return view(user, code);
    },

    async addPhoto(user: UserRecord, code: string, bytes: Buffer): Promise<{ id: number }> {
      const tag = await scannable(user, code);
      const contentType = photoType(bytes);
      if (!contentType) throw new AppError(415, 'VALIDATION_ERROR', 'qr.photoNotImage');
      return db.transaction(async (tx) => {
        if (!(await lockRow(tx, 'qr_tags', tag.id, 'update'))) throw tagNotFound(code);
        if ((await repo.photoCount(tx, tag.id)) >= TAG_PHOTOS_MAX) {
          throw new AppError(409, 'CONFLICT', 'qr.tooManyPhotos', { max: TAG_PHOTOS_MAX });
        }
        return { id: await repo.addPhoto(tx, tag.id, { contentType, bytes, userId: user.id }) };
      });
    },

    async photo(user: UserRecord, code: string, photoId: number) {
      const tag = await view(user, code);
      const photo = await repo.photo(db, tag.id, photoId);
      if (!photo) throw new AppError(404, 'NOT_FOUND', 'qr.photoNotFound', { id: photoId });
      return photo;
    },
  };
}

export type QrTagsService = ReturnType<typeof createQrTagsService>;

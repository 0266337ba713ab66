import { sql } from 'drizzle-orm';
import {
  DEFAULT_PROJECT_SETTINGS,
  type ContentCounts,
  type CreateClientBody,
  type CreateMainProjectBody,
  type CreateProjectBody,
  type CreateSubsidiaryBody,
  type Locale,
  type OrganisationLevel,
  type OrganisationNode,
  type ProjectSettings,
  type UpdateProjectBody,
  type UpdateSubsidiaryBody,
} from '@integration/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { assertAdmin } from '../access/access.ts';
import { pricesRepository as prices } from '../costs/prices.repository.ts';
import { fibreSettingsRepository } from '../fibre/settings.repository.ts';
import type { Presence } from '../realtime/presence.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { LEVELS, organisationRepository as repo } from './organisation.repository.ts';

type ProjectSettingsInput = Partial<ProjectSettings>;

/** "1 client(s), 2 project(s)…": the levels a row holds, those with none left out. */
function contentsIn(locale: Locale, counts: ContentCounts): string {
  const order: (keyof ContentCounts)[] = [
    'clients',
    'mainProjects',
    'projects',
    'centralOffices',
    'clusters',
    'elements',
  ];
  return order
    .filter((key) => counts[key] > 0)
    .map((key) =>
      translate(locale, `organisation.count.${key}`, {
        count: new Intl.NumberFormat(locale).format(counts[key]),
      }),
    )
    .join(', ');
}

const notFound = (level: OrganisationLevel, id: number) =>
  new AppError(404, 'NOT_FOUND', `organisation.${level}NotFound` as MessageKey, { id });

/**
 * The organisation written by admins (issue 28): each level created, renamed and deleted, a
 * name unique within its parent (409), a deletion that would take what lives under it refused
 * with the counts unless the name is typed to confirm; every change in organisation_history.
 */
export function createOrganisationService(
  db: Database,
  presence: Presence,
  /** The base maps a project may open on (BASEMAPS). */
  basemapIds: readonly string[],
) {
  /** Runs a write, a taken name answered as a 409 naming it. */
  async function named<T>(level: OrganisationLevel, name: string, write: () => Promise<T>) {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(409, 'CONFLICT', `organisation.${level}NameTaken` as MessageKey, {
          name,
        });
      }
      throw error;
    }
  }

  function assertBasemap(basemap: string | null | undefined) {
    if (basemap && !basemapIds.includes(basemap)) {
      throw new AppError(400, 'VALIDATION_ERROR', 'organisation.basemapUnknown', {
        basemap,
        choices: basemapIds.join(', '),
      });
    }
  }

  /** The settings a project keeps outside its row: currency, colour code, loss constants. */
  async function saveOwnSettings(
    tx: Queryable,
    user: UserRecord,
    id: number,
    body: Pick<ProjectSettingsInput, 'currency' | 'colourScheme' | 'losses'>,
  ) {
    if (body.currency) await prices.setCurrency(tx, id, body.currency, user.id);
    if (body.colourScheme || body.losses) {
      const current = await fibreSettingsRepository.get(tx, id);
      await fibreSettingsRepository.save(tx, {
        projectId: id,
        colourScheme: body.colourScheme ?? current.colourScheme,
        losses: body.losses ?? current.losses,
      });
    }
  }

  const historyOfOwnSettings = ({ currency, colourScheme, losses }: ProjectSettingsInput) =>
    Object.fromEntries(
      Object.entries({ currency, colourScheme, losses }).filter(([, v]) => v !== undefined),
    );

  async function create(
    user: UserRecord,
    level: OrganisationLevel,
    parentId: number | null,
    values: Record<string, unknown> & { name: string },
    after?: (tx: Queryable, id: number) => Promise<void>,
    /** What the history says beyond the row's columns (a project's currency). */
    extra: object = {},
  ): Promise<OrganisationNode> {
    assertAdmin(user);
    const { parentLevel, parent } = LEVELS[level];
    if (parent && parentId !== null) values[parent] = parentId;
    return named(level, values.name, () =>
      db.transaction(async (tx) => {
        if (parentLevel && parentId !== null && !(await repo.exists(tx, parentLevel, parentId))) {
          throw notFound(parentLevel, parentId);
        }
        const id = await repo.create(tx, level, values);
        await after?.(tx, id);
        const { [parent ?? '']: _parent, ...own } = values;
        await repo.history(tx, {
          level,
          id,
          action: 'create',
          name: values.name,
          detail: { ...own, parentId, ...extra },
          userId: user.id,
        });
        return { level, id, name: values.name, parentId };
      }),
    );
  }

  async function update(
    user: UserRecord,
    level: OrganisationLevel,
    id: number,
    values: Record<string, unknown>,
    after?: (tx: Queryable) => Promise<void>,
    extra: object = {},
  ): Promise<{ name: string }> {
    assertAdmin(user);
    return named(level, String(values.name ?? ''), () =>
      db.transaction(async (tx) => {
        const before = await repo.name(tx, level, id);
        if (before === null) throw notFound(level, id);
        await repo.update(tx, level, id, values);
        await after?.(tx);
        const name = typeof values.name === 'string' ? values.name : before;
        // A rename keeps what it was called, so the history can say "renamed from".
        const renamed = name !== before ? { previousName: before } : {};
        await repo.history(tx, {
          level,
          id,
          action: 'update',
          name,
          detail: { ...values, ...renamed, ...extra },
          userId: user.id,
        });
        return { name };
      }),
    );
  }

  return {
    createSubsidiary: (user: UserRecord, body: CreateSubsidiaryBody) =>
      create(user, 'subsidiary', null, { name: body.name, country: body.country ?? null }),
    updateSubsidiary: (user: UserRecord, id: number, body: UpdateSubsidiaryBody) =>
      update(user, 'subsidiary', id, body),
    createClient: (user: UserRecord, body: CreateClientBody) =>
      create(user, 'client', body.subsidiaryId, { name: body.name }),
    createMainProject: (user: UserRecord, body: CreateMainProjectBody) =>
      create(user, 'mainProject', body.clientId, { name: body.name }),
    rename: (user: UserRecord, level: OrganisationLevel, id: number, name: string) =>
      update(user, level, id, { name }),

    /**
     * A project with its settings (ConfigureProject): zoom, base map and phase are its row's;
     * the currency its price book's; colour code and loss constants its fibre settings'.
     */
    createProject: (user: UserRecord, body: CreateProjectBody) => {
      assertBasemap(body.basemap);
      return create(
        user,
        'project',
        body.mainProjectId,
        {
          name: body.name,
          zoom: body.zoom ?? DEFAULT_PROJECT_SETTINGS.zoom,
          basemap: body.basemap ?? null,
          phase: body.phase ?? DEFAULT_PROJECT_SETTINGS.phase,
        },
        (tx, id) => saveOwnSettings(tx, user, id, body),
        historyOfOwnSettings(body),
      );
    },
    updateProject: (user: UserRecord, id: number, body: UpdateProjectBody) => {
      assertBasemap(body.basemap);
      const { name, zoom, basemap, phase } = body;
      return update(
        user,
        'project',
        id,
        Object.fromEntries(
          Object.entries({ name, zoom, basemap, phase }).filter(([, v]) => v !== undefined),
        ),
        (tx) => saveOwnSettings(tx, user, id, body),
        historyOfOwnSettings(body),
      );
    },

    /**
     * Deletes a row. With something under it, refused (409 with the counts) unless `confirm` is
     * its exact name; then everything under it goes in the same transaction.
     */
    async delete(
      user: UserRecord,
      level: OrganisationLevel,
      id: number,
      confirm: string | undefined,
    ): Promise<{ name: string; deleted: ContentCounts }> {
      assertAdmin(user);
      const projectIds: number[] = [];
      const result = await db.transaction(async (tx) => {
        const name = await repo.name(tx, level, id);
        if (name === null) throw notFound(level, id);
        const deleted = await repo.contents(tx, level, id);
        const holds = Object.values(deleted).some((n) => n > 0);
        if (holds && confirm !== name) {
          throw new AppError(
            409,
            'CONFLICT',
            'organisation.notEmpty',
            { name, contents: '' },
            { counts: deleted },
            // What it holds in the user's language, the levels it has only.
            (locale) => ({
              vars: { contents: contentsIn(locale, deleted) },
              details: { counts: deleted },
            }),
          );
        }
        projectIds.push(...(await repo.projectsUnder(tx, level, id)));
        await repo.delete(tx, level, id);
        await repo.history(tx, {
          level,
          id,
          action: 'delete',
          name,
          detail: deleted,
          userId: user.id,
        });
        return { name, deleted };
      });
      // Whoever had those projects open loses them now.
      for (const projectId of projectIds) presence.accessChanged({ projectId });
      return result;
    },

    /** The organisation's changes, newest first (admins). */
    async history(user: UserRecord, limit = 200) {
      assertAdmin(user);
      return db.rows(sql`
        SELECT h.id, h.level, h.entity_id AS "entityId", h.action, h.name, h.detail,
               iso_time(h.at) AS at, u.name AS "userName"
        FROM organisation_history h LEFT JOIN users u ON u.id = h.user_id
        ORDER BY h.id DESC LIMIT ${limit}`);
    },
  };
}

export type OrganisationService = ReturnType<typeof createOrganisationService>;

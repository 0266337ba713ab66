import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { ELEMENT_TYPES, type ElementType } from '@integration/contracts';
import { dialect, type Database, type Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { usersRepository, type UserRecord } from '../users/users.repository.ts';
import { createElementsService } from './elements.service.ts';

/**
 * Writes check elements without locking them and then write only the versions they
 * checked. These tests play "another writer" by bumping an element's version right after
 * the write has read its facts, and watch the write start again (or give up with a 409).
 */
let t: TestApp;
let planner: UserRecord;
let cbd01: number;
const pole = ELEMENT_TYPES.find((x) => x.segment === 'pole') as ElementType;

beforeAll(async () => {
  t = await createTestApp();
  planner = (await usersRepository.findByEmail(t.db, 'planner@example.com')) as UserRecord;
  cbd01 = (await t.db.one<{ id: number }>(sql`SELECT id FROM clusters WHERE name = 'CBD-01'`))
    ?.id as number;
});
afterAll(() => t.close());

/** The database, with `meddle` run (in the write's transaction) after each facts query. */
function meddling(db: Database, meddle: (tx: Queryable) => Promise<void>): Database {
  const isFacts = (query: SQL) =>
    dialect.sqlToQuery(query).sql.includes('FROM network_elements WHERE id = ANY(');
  const wrap = (tx: Queryable): Queryable => ({
    async rows<T>(query: SQL) {
      const rows = await tx.rows<T>(query);
      if (isFacts(query)) await meddle(tx);
      return rows;
    },
    async one<T>(query: SQL) {
      return (await this.rows<T>(query))[0];
    },
    rowsPrepared<T>(query: SQL) {
      return this.rows<T>(query);
    },
  });
  return { ...db, transaction: (fn) => db.transaction((tx) => fn(wrap(tx))) };
}

const bump = (id: number) => async (tx: Queryable) => {
  await tx.rows(sql`UPDATE network_elements SET version = version + 1, name = 'Other writer'
                    WHERE id = ${id}`);
};

async function newPole(name: string): Promise<number> {
  const service = createElementsService(t.db);
  const [ack] = await service.create(planner, pole, [
    { clusterId: cbd01, name, coordinates: { lat: -1.285, lng: 36.82 } },
  ]);
  return ack?.id ?? 0;
}

describe('writes racing another writer', () => {
  it('start again when an element moved on between their checks and their write', async () => {
    const id = await newPole('Race 1');
    let meddled = 0;
    const service = createElementsService(
      meddling(t.db, async (tx) => {
        if (meddled++ === 0) await bump(id)(tx);
      }),
    );
    const [ack] = await service.update(planner, pole, [{ id, name: 'Mine' }]);
    // The first attempt saw version 1, lost to the other writer (version 2), and rolled
    // back with it; the second wrote version 2 over the untouched version 1.
    expect(meddled).toBe(2);
    expect(ack).toMatchObject({ id, name: 'Mine', version: 2 });
    const history = await service.history(planner, pole, id);
    expect(history.map((h) => (h as { action: string }).action)).toEqual(['create', 'update']);
  });

  it('give up with a 409 and the current element when they keep losing', async () => {
    const id = await newPole('Race 2');
    const service = createElementsService(meddling(t.db, bump(id)));
    const failure = await service.update(planner, pole, [{ id, name: 'Mine' }]).catch((e) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).statusCode).toBe(409);
    // Every attempt rolled back, the other writer's changes with it.
    const [element] = JSON.parse(await service.elementsJson([id])) as { name: string }[];
    expect(element?.name).toBe('Race 2');
  });

  it('start again when another writer copied the same version into the history first', async (ctx) => {
    // Two transactions at once need a real server: PGlite runs one at a time.
    if (t.db.kind !== 'postgres') ctx.skip();
    const id = await newPole('Race 4');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const other = t.db.transaction(async (tx) => {
      await tx.rows(sql`
        INSERT INTO element_history
          (element_id, version, action, user_id, at, name, cluster_id, template_id, geom, attributes, deleted)
        SELECT id, version, last_action, updated_by, updated_at, name, cluster_id, template_id, geom,
               attributes, false
        FROM network_elements WHERE id = ${id}`);
      await tx.rows(sql`UPDATE network_elements SET version = version + 1, name = 'Other writer',
                        last_action = 'update' WHERE id = ${id}`);
      await held;
    });
    const mine = createElementsService(t.db).update(planner, pole, [{ id, name: 'Mine' }]);
    // Ours waits on the other's copy of version 1; the other then commits.
    for (let i = 0; i < 100; i++) {
      const waiting = await t.db.one<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`);
      if (waiting?.n) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    release();
    await other;
    expect(await mine).toMatchObject([{ id, name: 'Mine', version: 3 }]);
    const history = await createElementsService(t.db).history(planner, pole, id);
    expect(history.map((h) => (h as { action: string }).action)).toEqual([
      'create',
      'update',
      'update',
    ]);
  });

  it('hold for deletes too', async () => {
    const id = await newPole('Race 3');
    let meddled = 0;
    const service = createElementsService(
      meddling(t.db, async (tx) => {
        if (meddled++ === 0) await bump(id)(tx);
      }),
    );
    expect(await service.delete(planner, pole, [id])).toEqual([id]);
    expect(meddled).toBe(2);
    const deleted = await t.db.one<{ deleted: boolean; version: number }>(
      sql`SELECT deleted_at IS NOT NULL AS deleted, version FROM network_elements WHERE id = ${id}`,
    );
    expect(deleted).toEqual({ deleted: true, version: 2 });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileProbingHealth } from '../../test/stall-probe.ts';
import { idByName } from '../../test/seeded.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The heaviest things the organisation and the costs do at once: a whole project's bill of
 * materials, and the confirmed deletion of the demo's largest project (every element, fibre,
 * splice and price under it, in one transaction). Others keep being answered meanwhile.
 */
let t: TestApp;
let admin = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
}, 120_000);
afterAll(() => t.close());

const largestProject = () =>
  t.db.one<{ id: number; name: string; elements: number }>(sql`
    SELECT p.id, p.name, count(e.id)::int AS elements FROM projects p
    JOIN central_offices co ON co.project_id = p.id
    JOIN clusters c ON c.central_office_id = co.id
    JOIN network_elements e ON e.cluster_id = c.id
    GROUP BY p.id ORDER BY elements DESC LIMIT 1`);

const onPostgres = Boolean(process.env.DATABASE_URL);

describe('the organisation under load', () => {
  // Note: on the embedded database a whole project's bill is one statement of 3–5 s for the
  // demo's largest project, holding the loop: the bill's speed is issue 27's open work.
  it.skipIf(!onPostgres)(
    "answers others while a whole project's bill of materials is made (PostgreSQL; embedded: issue 27's open speed work)",
    async () => {
      const project = await largestProject();
      const { result, report } = await whileProbingHealth(t.app, () =>
        t.app.inject({ url: `/api/design/bom?projectId=${project?.id}`, headers: bearer(admin) }),
      );
      expect(result.statusCode, result.body).toBe(200);
      expect(report.worstMs, JSON.stringify(report)).toBeLessThan(1000);
    },
    120_000,
  );

  it('answers others while the largest project is deleted with all it holds', async () => {
    const project = await largestProject();
    if (!project) throw new Error('no project with elements');
    expect(project.elements).toBeGreaterThan(1000);
    const { result, report } = await whileProbingHealth(t.app, () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/projects/${project.id}?confirm=${encodeURIComponent(project.name)}`,
        headers: bearer(admin),
      }),
    );
    expect(result.statusCode, result.body).toBe(200);
    // Note: the deletion is one transaction, and on the embedded database a transaction holds
    // its one connection, so everyone's queries (/api/health's too) wait for all of it: 0.75–0.96 s
    // on a quiet machine for the demo's largest project (2,919 elements, 1,956 fibres; 10 s before
    // migration 0020, 1.4–1.7 s before the clusters were looked up once). CI's loaded machine
    // runs this 1.5–2× slower (2.1 s seen with the old 1.4–1.7 s), so the embedded bound is 2.5 s:
    // it catches the seconds-long stalls this guards against, not the machine's mood. Under a
    // second there would take deleting in the background after an atomic hide
    // (docs/decisions.md). PostgreSQL serves others meanwhile.
    expect(report.worstMs, JSON.stringify(report)).toBeLessThan(onPostgres ? 1000 : 2500);
    const left = await t.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM projects WHERE id = ${project.id}`,
    );
    expect(left?.n).toBe(0);
    expect(await idByName(t.db, 'subsidiaries', 'Camusat Kenya')).toBeGreaterThan(0);
  }, 120_000);
});

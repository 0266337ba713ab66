import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { userIdByEmail } from '../../test/seeded.ts';
import {
  asEdits,
  freshTemplate,
  ids,
  t,
  template,
  updateTemplate,
  useTemplatesApp,
  who,
} from './templates.fixtures.ts';

useTemplatesApp();

const unchanged = async (id: number) => asEdits((await template(id)).attributes);

describe('who may edit a template', () => {
  it('refuses field users and viewers, and anyone signed out', async () => {
    const id = await freshTemplate();
    expect((await updateTemplate(id, await unchanged(id), who.field)).statusCode).toBe(403);
    expect((await updateTemplate(id, await unchanged(id), who.viewer)).statusCode).toBe(403);
    expect((await updateTemplate(id, await unchanged(id), '')).statusCode).toBe(401);
  });

  it('lets a planner in through a cluster of the project alone, and no planner from outside', async () => {
    const id = await freshTemplate();
    const planner = await userIdByEmail(t.db, 'planner@example.com');
    // Off CO Nairobi Central, onto cluster CBD-01 alone.
    await t.db.rows(sql`
      DELETE FROM central_office_users cou USING central_offices co
      WHERE co.id = cou.central_office_id AND co.project_id = ${ids.nairobiCbd}
        AND cou.user_id = ${planner}`);
    await t.db.rows(
      sql`INSERT INTO cluster_users (cluster_id, user_id) VALUES (${ids.cbd01}, ${planner})`,
    );
    const viaCluster = await updateTemplate(id, await unchanged(id));
    expect(viaCluster.statusCode, viaCluster.body).toBe(200);
    // Now only on WST-01, of another project.
    await t.db.rows(
      sql`DELETE FROM cluster_users WHERE cluster_id = ${ids.cbd01} AND user_id = ${planner}`,
    );
    expect((await updateTemplate(id, await unchanged(id))).statusCode).toBe(403);
    expect((await updateTemplate(id, await unchanged(id), who.admin)).statusCode).toBe(200);
  });

  it('answers a template of another type as missing', async () => {
    const id = await freshTemplate('Pole');
    const edits = await unchanged(id);
    expect((await updateTemplate(id, edits, who.admin, 'pbofat')).statusCode).toBe(404);
    expect((await updateTemplate(id, edits, who.admin, 'pole')).statusCode).toBe(200);
  });
});

describe('migration 0009', () => {
  it("gives PBO-FAT templates without it 'Existing Users' after the list it counts", async () => {
    const id = await freshTemplate();
    await t.db.rows(sql`
      UPDATE element_templates SET attributes = (
        SELECT jsonb_agg(a ORDER BY o) FROM jsonb_array_elements(attributes) WITH ORDINALITY AS x(a, o)
        WHERE a->>'name' <> 'Existing Users')
      WHERE id = ${id}`);
    const script = await readFile(
      path.join(import.meta.dirname, '../../db/migrations/0009_existing_users.sql'),
      'utf8',
    );
    await t.db.runScript(script, sql`SELECT 1`);
    const names = (await template(id)).attributes.map((a) => a.name);
    expect(names.filter((n) => n === 'Existing Users')).toHaveLength(1);
    expect(names.indexOf('Existing Users')).toBe(names.indexOf('FAT Existing Users ID') + 1);
    const added = (await template(id)).attributes.find((a) => a.name === 'Existing Users');
    expect(added).toMatchObject({ inputType: 'number', derived: true, key: 'existing_users' });
  });
});

import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshTemplate, postPbo, t, useTemplatesApp } from './templates.fixtures.ts';

useTemplatesApp();

/** Waits until some statement of this database waits on a lock. */
async function someoneWaits() {
  for (let i = 0; i < 100; i++) {
    const waiting = await t.db.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (waiting?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a template edit and element writes at once', () => {
  it('makes the writes wait, then checks them against the edited template', async (ctx) => {
    // Two transactions at once need a real server: PGlite runs one at a time.
    if (t.db.kind !== 'postgres') ctx.skip();
    const id = await freshTemplate();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // An edit renaming Type to Mounting, as the service makes it, held open.
    const edit = t.db.transaction(async (tx) => {
      await tx.rows(sql`SELECT id FROM element_templates WHERE id = ${id} FOR UPDATE`);
      await tx.rows(sql`
        UPDATE element_templates SET attributes = (
          SELECT jsonb_agg(CASE WHEN a->>'name' = 'Type'
                                THEN a || '{"name": "Mounting", "key": "mounting"}'::jsonb ELSE a END
                           ORDER BY o)
          FROM jsonb_array_elements(attributes) WITH ORDINALITY AS x(a, o))
        WHERE id = ${id}`);
      await held;
    });
    const create = postPbo(id, { Type: 'Aerial' });
    await someoneWaits();
    release();
    await edit;
    const response = await create;
    // Checked against the template as edited: no value lands under the old name.
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain("'Type' is not an attribute of this template.");
  });
});

import { sql } from 'drizzle-orm';
import { DEFAULT_DESIGN_THRESHOLDS, type DesignThresholds } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';

/** A project's design thresholds, the defaults where it set none: SQL only. */
export const designSettingsRepository = {
  async get(db: Queryable, projectId: number): Promise<DesignThresholds> {
    const row = await db.one<{ thresholds: Partial<DesignThresholds> }>(sql`
      SELECT thresholds FROM design_settings WHERE project_id = ${projectId}`);
    return { ...DEFAULT_DESIGN_THRESHOLDS, ...row?.thresholds };
  },

  async save(db: Queryable, projectId: number, thresholds: DesignThresholds): Promise<void> {
    await db.rows(sql`
      INSERT INTO design_settings (project_id, thresholds)
      VALUES (${projectId}, ${JSON.stringify(thresholds)}::jsonb)
      ON CONFLICT (project_id) DO UPDATE SET thresholds = EXCLUDED.thresholds`);
  },
};

import { sql } from 'drizzle-orm';
import {
  DEFAULT_COLOUR_SCHEME,
  DEFAULT_LOSSES,
  type ColourScheme,
  type FibreSettings,
  type LossConstants,
} from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';

/** A project's colour code and loss constants (the defaults where it set none): SQL only. */
export const fibreSettingsRepository = {
  async get(db: Queryable, projectId: number): Promise<FibreSettings> {
    const row = await db.one<{ scheme: ColourScheme; losses: LossConstants | null }>(sql`
      SELECT colour_scheme AS scheme, losses FROM fibre_settings WHERE project_id = ${projectId}`);
    return {
      projectId,
      colourScheme: row?.scheme ?? DEFAULT_COLOUR_SCHEME,
      losses: row?.losses ?? DEFAULT_LOSSES,
    };
  },

  async save(db: Queryable, settings: FibreSettings): Promise<void> {
    await db.rows(sql`
      INSERT INTO fibre_settings (project_id, colour_scheme, losses)
      VALUES (${settings.projectId}, ${settings.colourScheme}, ${JSON.stringify(settings.losses)}::jsonb)
      ON CONFLICT (project_id) DO UPDATE
        SET colour_scheme = EXCLUDED.colour_scheme, losses = EXCLUDED.losses`);
  },
};

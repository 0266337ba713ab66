import { sql } from 'drizzle-orm';
import { PLATFORM_NAME } from '@integration/contracts';
import type { Queryable } from '../database.ts';

/** The platforms a user can switch between; ours always exists and points at publicUrl. */
export async function seedPlatforms(db: Queryable, publicUrl: string, withDemoOthers: boolean) {
  const platforms = [{ name: PLATFORM_NAME, url: publicUrl }];
  if (withDemoOthers) {
    platforms.push(
      { name: 'ticketing', url: 'https://ticketing.example.com' },
      { name: 'materials', url: 'https://materials.example.com' },
    );
  }
  for (const p of platforms) {
    await db.rows(sql`
      INSERT INTO platforms (name, url) VALUES (${p.name}, ${p.url})
      ON CONFLICT (name) DO UPDATE SET url = EXCLUDED.url`);
  }
}

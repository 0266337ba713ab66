import { sql } from 'drizzle-orm';
import {
  BOM_ITEMS,
  DEFAULT_CURRENCY,
  type PriceBook,
  type PriceEntry,
} from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { currencyOfCountry } from '../routing/currency.ts';

export const projectCurrency = (book: string | null, country: string | null): string =>
  book ?? currencyOfCountry(country) ?? DEFAULT_CURRENCY;

/** A project's price book (issue 27): SQL only. A project without one has no prices. */
export const pricesRepository = {
  async get(db: Queryable, projectId: number): Promise<PriceBook> {
    const book = await db.one<{ currency: string; updatedAt: Date }>(sql`
      SELECT currency, updated_at AS "updatedAt" FROM price_books WHERE project_id = ${projectId}`);
    const entries = await db.rows<PriceEntry>(sql`
      SELECT item, spec, placement, unit_price::float8 AS "unitPrice"
      FROM price_book_entries WHERE project_id = ${projectId}
      ORDER BY array_position(${sql.raw(`ARRAY[${BOM_ITEMS.map((i) => `'${i}'`).join(', ')}]`)}, item),
               spec, placement`);
    return {
      projectId,
      currency: book?.currency ?? (await pricesRepository.currency(db, projectId)),
      entries,
      updatedAt: book ? new Date(book.updatedAt).toISOString() : null,
    };
  },

  /**
   * The project's currency (every cost it shows, routes included): its price book's, else its
   * subsidiary's country's (issue 24), else KES (SPEC §9).
   */
  async currency(db: Queryable, projectId: number): Promise<string> {
    const row = await db.one<{ currency: string | null; country: string | null }>(sql`
      SELECT pb.currency, s.country FROM projects p
      JOIN main_projects mp ON mp.id = p.main_project_id
      JOIN clients c ON c.id = mp.client_id
      JOIN subsidiaries s ON s.id = c.subsidiary_id
      LEFT JOIN price_books pb ON pb.project_id = p.id
      WHERE p.id = ${projectId}`);
    return projectCurrency(row?.currency ?? null, row?.country ?? null);
  },

  /** Sets the book's currency (ConfigureProject), making the book if need be. */
  async setCurrency(tx: Queryable, projectId: number, currency: string, userId: number) {
    await tx.rows(sql`
      INSERT INTO price_books (project_id, currency, updated_by)
      VALUES (${projectId}, ${currency}, ${userId})
      ON CONFLICT (project_id) DO UPDATE
      SET currency = EXCLUDED.currency, updated_at = now(), updated_by = EXCLUDED.updated_by`);
  },

  /** Replaces the book's prices, in the caller's transaction. */
  async replace(
    tx: Queryable,
    projectId: number,
    currency: string,
    entries: PriceEntry[],
    userId: number | null,
  ): Promise<void> {
    await tx.rows(sql`
      INSERT INTO price_books (project_id, currency, updated_by)
      VALUES (${projectId}, ${currency}, ${userId})
      ON CONFLICT (project_id) DO UPDATE
      SET currency = EXCLUDED.currency, updated_at = now(), updated_by = EXCLUDED.updated_by`);
    await tx.rows(sql`DELETE FROM price_book_entries WHERE project_id = ${projectId}`);
    if (!entries.length) return;
    await tx.rows(sql`
      INSERT INTO price_book_entries (project_id, item, spec, placement, unit_price)
      SELECT ${projectId}, e.item, e.spec, e.placement, e."unitPrice"
      FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb)
        AS e(item text, spec text, placement text, "unitPrice" numeric)`);
  },
};

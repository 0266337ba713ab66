import { sql } from 'drizzle-orm';
import type { PriceEntry } from '@integration/contracts';
import type { Queryable } from '../database.ts';
import { pricesRepository } from '../../modules/costs/prices.repository.ts';

const price = (
  item: PriceEntry['item'],
  unitPrice: number,
  spec = '',
  placement: PriceEntry['placement'] = '',
): PriceEntry => ({ item, spec, placement, unitPrice });

/**
 * Indicative unit prices in Kenyan shillings for the demo's Nairobi CBD (issue 27), so that its
 * bill of materials shows costs at once. Orders of magnitude only, for the demo: an operator
 * enters its own contract prices in the price book.
 */
export const DEMO_PRICES: PriceEntry[] = [
  price('cable', 60, '12'),
  price('cable', 75, '24'),
  price('cable', 100, '48'),
  price('cable', 160, '96'),
  price('cable', 220, '144'),
  price('cable', 90),
  price('closure', 18_000),
  price('closure', 26_000, '144'),
  price('pboFat', 6_500, '8'),
  price('pboFat', 9_000, '16'),
  price('pboFat', 8_000),
  price('fdtSro', 240_000),
  price('splitter', 1_800, '1:4'),
  price('splitter', 2_600, '1:8'),
  price('splitter', 4_200, '1:16'),
  price('splitter', 6_800, '1:32'),
  price('splitter', 3_000),
  price('splice', 120),
  price('connector', 450),
  price('pole', 14_000, 'new'),
  price('pole', 1_200, 'existing'),
  price('trench', 1_100),
  price('labourSplice', 250),
  price('labourPull', 45),
  price('labourHang', 60),
];

/** The demo project's price book, unless it has one. */
export async function seedDemoPrices(db: Queryable): Promise<void> {
  const project = await db.one<{ id: number }>(sql`
    SELECT p.id FROM projects p
    WHERE p.name = 'Nairobi CBD' AND NOT EXISTS (SELECT 1 FROM price_books b WHERE b.project_id = p.id)`);
  if (project) await pricesRepository.replace(db, project.id, 'KES', DEMO_PRICES, null);
}

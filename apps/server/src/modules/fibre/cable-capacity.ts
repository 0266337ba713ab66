import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { cablesRepository as cables, fibreCountOf } from './cables.repository.ts';

/**
 * A cable's fibres follow its Capacity (issue 26): a new count re-makes them (lazily, when next
 * asked for) only when none is joined; else the edit is refused, naming the joined fibres. Runs
 * in the element update's transaction, after the write.
 */
export async function followCapacity(
  tx: Queryable,
  changes: { id: number; capacity: unknown }[],
): Promise<void> {
  for (const change of changes) {
    const structure = await cables.structure(tx, change.id);
    if (!structure || fibreCountOf(change.capacity) === structure.fibreCount) continue;
    const joined = await cables.joinedFibres(tx, change.id);
    if (joined.length) {
      const cable = await tx.one<{ name: string }>(sql`
        SELECT name FROM network_elements WHERE id = ${change.id}`);
      throw new AppError(409, 'CONFLICT', 'fibre.capacityInUse', {
        cable: cable?.name ?? String(change.id),
        fibres: joined.join(', '),
      });
    }
    await cables.dropFibres(tx, change.id);
  }
}

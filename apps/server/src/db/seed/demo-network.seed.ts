import { sql } from 'drizzle-orm';
import { ELEMENT_TYPES } from '@integration/contracts';
import { createElementsService } from '../../modules/network-elements/elements.service.ts';
import { usersRepository } from '../../modules/users/users.repository.ts';
import type { Database } from '../database.ts';
import { generateNetwork, streetGrid } from './network-generator.ts';

/** The demo cluster's network: ~2,000 elements on a street grid in Nairobi's CBD. */
export const DEMO_NETWORK_CLUSTER = 'CBD-01';
const NAIROBI_CBD = { lat: -1.2864, lng: 36.8172 };

/**
 * Draws the demo network into CBD-01 through the elements service, as an admin would, so
 * it gets the same validation, naming and history as drawn elements. Skipped once the
 * cluster has elements.
 */
export async function seedDemoNetwork(db: Database, adminEmail: string): Promise<void> {
  const cluster = await db.one<{ id: number; elements: number }>(sql`
    SELECT c.id, (SELECT count(*)::int FROM network_elements e WHERE e.cluster_id = c.id) AS elements
    FROM clusters c WHERE c.name = ${DEMO_NETWORK_CLUSTER} ORDER BY c.id LIMIT 1`);
  const admin = await usersRepository.findByEmail(db, adminEmail);
  if (!cluster || cluster.elements > 0 || !admin) return;
  const elements = createElementsService(db);
  const network = generateNetwork(streetGrid(NAIROBI_CBD, 12, 120));
  for (const type of ELEMENT_TYPES) {
    const items = network
      .filter((e) => e.type === type.internalName)
      .map((e) => ({
        clusterId: cluster.id,
        coordinates: e.coordinates,
        attributes: e.attributes,
      }));
    if (items.length) await elements.create(admin, type, items);
  }
}

import {
  BOM_ITEMS,
  type Bom,
  type BomLine,
  type BomQuery,
  type PriceBook,
  type PriceBookBody,
} from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { assertProjectReadable, canEditProject } from '../access/access.ts';
import { translate } from '../../i18n/translate.ts';
import { projectNotFound } from '../hierarchy/hierarchy.service.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { bomRepository as boms, type BomRow } from './bom.repository.ts';
import type { BomScope } from './bom.sql.ts';
import { pricesRepository as prices } from './prices.repository.ts';

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
/** Metres to the decimetre, counts whole; a total is the quantity shown × the unit price. */
const quantityOf = (row: { unit: string }, n: number) => round(n, row.unit === 'm' ? 1 : 0);
const money = (n: number) => round(n, 2);
const naturally = new Intl.Collator('en', { numeric: true });

/**
 * Bill of materials and cost (issue 27): the price book's rules (who may change it, one price
 * per item, spec and placement) and the bill's arithmetic. SQL in bom.sql.ts.
 */
export function createCostsService(db: Database) {
  function line(row: BomRow): BomLine {
    const quantity = quantityOf(row, row.quantity);
    const builtQuantity = quantityOf(row, row.builtQuantity);
    const price = row.unitPrice;
    return {
      item: row.item,
      spec: row.spec,
      placement: row.placement,
      quantity,
      unit: row.unit,
      unitPrice: price,
      total: price === null ? null : money(quantity * price),
      built: {
        quantity: builtQuantity,
        total: price === null ? null : money(builtQuantity * price),
      },
    };
  }

  return {
    async priceBook(user: UserRecord, projectId: number): Promise<PriceBook> {
      await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
      return prices.get(db, projectId);
    },

    /** Replaces the book: admins and the project's planners (like its templates). */
    async savePriceBook(
      user: UserRecord,
      projectId: number,
      body: PriceBookBody,
    ): Promise<PriceBook> {
      await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
      if (!(await canEditProject(db, user, projectId))) throw forbidden();
      const seen = new Set<string>();
      for (const e of body.entries) {
        const key = `${e.item}\u0000${e.spec}\u0000${e.placement}`;
        if (seen.has(key)) {
          const vars = { spec: e.spec || '*', placement: e.placement || '*' };
          throw new AppError(
            400,
            'VALIDATION_ERROR',
            'costs.priceTwice',
            { ...vars, item: e.item },
            undefined,
            // The item and placement as the user's language names them.
            (locale) => ({
              vars: {
                item: translate(locale, `costs.item.${e.item}`),
                spec: vars.spec,
                placement: e.placement ? translate(locale, `costs.placement.${e.placement}`) : '*',
              },
              details: undefined,
            }),
          );
        }
        seen.add(key);
      }
      await db.transaction(async (tx) => {
        const currency = body.currency ?? (await prices.currency(tx, projectId));
        await prices.replace(tx, projectId, currency, body.entries, user.id);
      });
      return prices.get(db, projectId);
    },

    async bom(user: UserRecord, query: BomQuery): Promise<Bom> {
      const scope: BomScope = {
        projectId: query.projectId,
        centralOfficeId: query.centralOfficeId ?? null,
        clusterId: query.clusterId ?? null,
      };
      await assertProjectReadable(db, user, scope.projectId, () =>
        projectNotFound(scope.projectId),
      );
      const name = await boms.scopeName(db, scope);
      if (name === null) {
        throw scope.clusterId !== null
          ? new AppError(404, 'NOT_FOUND', 'clusters.notFound', { id: scope.clusterId })
          : new AppError(404, 'NOT_FOUND', 'costs.centralOfficeNotFound', {
              id: scope.centralOfficeId ?? 0,
            });
      }
      const [rows, homes, currency, cancelledClusters] = await Promise.all([
        boms.lines(db, scope),
        boms.homes(db, scope),
        prices.currency(db, scope.projectId),
        boms.cancelledClusters(db, scope),
      ]);
      // In the price book's order of items, then specs as numbers read (12 before 144).
      const lines = rows
        .map(line)
        .filter((l) => l.quantity > 0)
        .sort(
          (a, b) =>
            BOM_ITEMS.indexOf(a.item) - BOM_ITEMS.indexOf(b.item) ||
            naturally.compare(a.spec, b.spec) ||
            a.placement.localeCompare(b.placement),
        );
      // Nothing priced: no cost per home to show (0 would read as free).
      const priced = lines.some((l) => l.unitPrice !== null);
      const cost = money(lines.reduce((sum, l) => sum + (l.total ?? 0), 0));
      const builtCost = money(lines.reduce((sum, l) => sum + (l.built.total ?? 0), 0));
      return {
        scope: {
          projectId: scope.projectId,
          centralOfficeId: scope.centralOfficeId,
          clusterId: scope.clusterId,
        },
        name,
        lines,
        totals: {
          cost,
          builtCost,
          leftCost: money(cost - builtCost),
          unpricedLines: lines.filter((l) => l.unitPrice === null).length,
          homesPassed: homes.passed,
          homesConnected: homes.connected,
          costPerHomePassed: priced && homes.passed ? money(cost / homes.passed) : null,
          costPerHomeConnected: priced && homes.connected ? money(cost / homes.connected) : null,
          currency,
        },
        cancelledClusters,
      };
    },
  };
}

export type CostsService = ReturnType<typeof createCostsService>;

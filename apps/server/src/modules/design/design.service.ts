import { sql } from 'drizzle-orm';
import {
  DESIGN_RULES,
  TRACE_HOPS_MAX,
  type DesignProblem,
  type DesignProblems,
  type DesignRule,
  type DesignSettings,
  type DesignSettingsBody,
  type Locale,
  type ProblemFigures,
  type Severity,
} from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { assertProjectReadable, canEditProject } from '../access/access.ts';
import { assertReadableVia } from '../access/readable-via.ts';
import { fibreSettingsRepository as fibreSettings } from '../fibre/settings.repository.ts';
import { homesAStatement, traceRepository as traces } from '../fibre/trace.repository.ts';
import { projectNotFound } from '../hierarchy/hierarchy.service.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { checksRepository as checks } from './checks.repository.ts';
import { designSettingsRepository as settings } from './settings.repository.ts';

type Problem = Omit<DesignProblem, 'message'>;
const problem = (
  rule: DesignRule,
  code: string,
  severity: Severity,
  elementIds: number[],
  figures: ProblemFigures,
): Problem => ({ rule, code, severity, elementIds, figures });

/**
 * Design checks (issue 27): every rule over one cluster, each problem with its message in the
 * user's language naming the elements and the figures. SQL in checks.repository.ts; the fibre
 * rules (loss, split, continuity) read one walk of every home, the loss budget's.
 */
export function createDesignService(db: Database) {
  /** The fibre rules, from one walk of every home of the cluster. */
  async function fibreRules(
    clusterId: number,
    projectId: number,
    t: DesignSettings['thresholds'],
  ): Promise<Problem[]> {
    const { losses } = await fibreSettings.get(db, projectId);
    const homes = await traces.homeTotals(
      db,
      await traces.clusterHomes(db, clusterId),
      losses,
      homesAStatement(db.kind),
    );
    const found: Problem[] = [];
    // Homes without a drop are a problem once the cluster's fibre design has begun.
    const begun = homes.some((h) => h.fed);
    for (const h of homes) {
      const worst = Math.max(h.loss1310, h.loss1550);
      const figures = {
        home: h.name,
        lossDb: round(worst, 2),
        budgetDb: losses.budgetDb,
        marginDb: round(losses.budgetDb - worst, 2),
      };
      if (!h.fed) {
        if (begun)
          found.push(
            problem('continuity', 'homeNoDrop', 'warning', [h.elementId], { home: h.name }),
          );
        continue;
      }
      // Only a path that loops reaches the walk's hop limit.
      if (h.steps >= TRACE_HOPS_MAX) {
        found.push(problem('continuity', 'pathLoops', 'error', [h.elementId], { home: h.name }));
        continue;
      }
      if (h.end === 'open') {
        found.push(problem('continuity', 'homeNotLit', 'error', [h.elementId], { home: h.name }));
      } else if (worst > losses.budgetDb) {
        found.push(problem('lossBudget', 'overBudget', 'error', [h.elementId], figures));
      } else if (worst > losses.budgetDb * t.budgetWarnShare) {
        found.push(
          problem('lossBudget', 'nearBudget', 'warning', [h.elementId], {
            ...figures,
            share: Math.round(t.budgetWarnShare * 100),
          }),
        );
      }
      if (h.split > t.maxSplit) {
        found.push(
          problem('splitRatio', 'splitTooDeep', 'error', [h.elementId], {
            home: h.name,
            split: h.split,
            max: t.maxSplit,
          }),
        );
      }
    }
    return found;
  }

  async function run(
    rules: readonly DesignRule[],
    clusterId: number,
    projectId: number,
    t: DesignSettings['thresholds'],
  ): Promise<Problem[]> {
    const wanted = new Set(rules);
    const found: Problem[] = [];
    if (['lossBudget', 'splitRatio', 'continuity'].some((r) => wanted.has(r as DesignRule))) {
      found.push(...(await fibreRules(clusterId, projectId, t)).filter((p) => wanted.has(p.rule)));
    }
    if (wanted.has('dropLength')) {
      for (const d of await checks.longDrops(db, clusterId, t)) {
        found.push(
          problem('dropLength', 'dropTooLong', 'error', [d.id, d.homeId], {
            drop: d.name,
            home: d.homeName,
            lengthM: d.lengthM,
            maxM: t.dropMaxM,
          }),
        );
      }
    }
    if (wanted.has('pboSaturation')) {
      for (const p of await checks.fullPbos(db, clusterId, t)) {
        const over = p.used > p.ports;
        found.push(
          problem(
            'pboSaturation',
            over ? 'pboFull' : 'pboNearlyFull',
            over ? 'error' : 'warning',
            [p.id],
            {
              pbo: p.name,
              used: p.used,
              ports: p.ports,
              percent: Math.round((p.used / p.ports) * 100),
              share: Math.round(t.pboWarnShare * 100),
            },
          ),
        );
      }
    }
    if (wanted.has('cableFill')) {
      for (const c of await checks.cableFill(db, clusterId, t)) {
        const taken = c.used + c.reserved;
        if (c.capacity !== null && taken > c.capacity) {
          found.push(
            problem('cableFill', 'cableOverfilled', 'error', [c.id], {
              cable: c.name,
              taken,
              capacity: c.capacity,
            }),
          );
        } else if (!c.drop && c.free < c.fibres * t.spareShare) {
          found.push(
            problem('cableFill', 'cableNoSpare', 'warning', [c.id], {
              cable: c.name,
              free: c.free,
              fibres: c.fibres,
              share: Math.round(t.spareShare * 100),
            }),
          );
        }
      }
    }
    if (wanted.has('trayCapacity')) {
      for (const tr of await checks.fullTrays(db, clusterId)) {
        found.push(
          problem('trayCapacity', 'trayFull', 'error', [tr.id], {
            enclosure: tr.name,
            tray: tr.tray,
            splices: tr.splices,
            capacity: tr.capacity,
          }),
        );
      }
    }
    if (wanted.has('geometry')) {
      for (const c of await checks.looseEnds(db, clusterId, t)) {
        found.push(
          problem(
            'geometry',
            c.end === 'a' ? 'cableStartLoose' : 'cableEndLoose',
            'warning',
            [c.id],
            {
              cable: c.name,
              toleranceM: t.endToleranceM,
            },
          ),
        );
      }
      for (const e of await checks.outsideZones(db, clusterId)) {
        found.push(problem('geometry', 'outsideZone', 'warning', [e.id], { element: e.name }));
      }
      for (const z of await checks.overlappingZones(db, clusterId)) {
        found.push(
          problem('geometry', 'zonesOverlap', 'error', [z.a, z.b], {
            zone: z.aName,
            other: z.bName,
            squareM: z.squareM,
          }),
        );
      }
      for (const c of await checks.wrongLengths(db, clusterId, t)) {
        found.push(
          problem('geometry', 'lengthMismatch', 'warning', [c.id], {
            cable: c.name,
            storedM: c.storedM,
            geodesicM: c.geodesicM,
            percent: round(t.lengthTolerance * 100, 1),
          }),
        );
      }
    }
    if (wanted.has('completeness')) {
      for (const e of await checks.missingAttributes(db, clusterId)) {
        found.push(
          problem('completeness', 'attributesMissing', 'warning', [e.id], {
            element: e.name,
            attributes: e.missing.join(', '),
            count: e.missing.length,
          }),
        );
      }
    }
    return found;
  }

  return {
    async problems(
      user: UserRecord,
      clusterId: number,
      locale: Locale,
      rule?: DesignRule,
    ): Promise<DesignProblems> {
      const cluster = await db.one<{ projectId: number }>(sql`
        SELECT co.project_id AS "projectId" FROM clusters c
        JOIN central_offices co ON co.id = c.central_office_id WHERE c.id = ${clusterId}`);
      const missing = () => new AppError(404, 'NOT_FOUND', 'clusters.notFound', { id: clusterId });
      await assertReadableVia(db, user, cluster?.projectId, missing);
      if (!cluster) throw missing();
      const t = await settings.get(db, cluster.projectId);
      const found = await run(rule ? [rule] : DESIGN_RULES, clusterId, cluster.projectId, t);
      // Errors first, then by rule in the list's order: what blocks the build comes first.
      found.sort(
        (a, b) =>
          Number(a.severity === 'warning') - Number(b.severity === 'warning') ||
          DESIGN_RULES.indexOf(a.rule) - DESIGN_RULES.indexOf(b.rule),
      );
      const problems = found.map((p) => ({
        ...p,
        message: translate(locale, `design.${p.code}` as MessageKey, formatted(p.figures, locale)),
      }));
      return {
        problems,
        counts: {
          error: problems.filter((p) => p.severity === 'error').length,
          warning: problems.filter((p) => p.severity === 'warning').length,
        },
        checkedAt: new Date().toISOString(),
      };
    },

    /** A cluster's name, for a document's title (after `problems` checked access). */
    async clusterName(clusterId: number): Promise<string> {
      const row = await db.one<{ name: string }>(
        sql`SELECT name FROM clusters WHERE id = ${clusterId}`,
      );
      return row?.name ?? '';
    },

    async settings(user: UserRecord, projectId: number): Promise<DesignSettings> {
      await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
      return { projectId, thresholds: await settings.get(db, projectId) };
    },

    async saveSettings(
      user: UserRecord,
      projectId: number,
      body: DesignSettingsBody,
    ): Promise<DesignSettings> {
      await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
      if (!(await canEditProject(db, user, projectId))) throw forbidden();
      const thresholds = { ...(await settings.get(db, projectId)), ...body.thresholds };
      await settings.save(db, projectId, thresholds);
      return { projectId, thresholds };
    },
  };
}

export type DesignService = ReturnType<typeof createDesignService>;

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Numbers as the user's language writes them (a decimal comma in French). */
function formatted(figures: ProblemFigures, locale: Locale): Record<string, string> {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return Object.fromEntries(
    Object.entries(figures).map(([k, v]) => [k, typeof v === 'number' ? number.format(v) : v]),
  );
}

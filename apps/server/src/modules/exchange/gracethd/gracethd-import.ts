import {
  elementTypeByName,
  type ElementTemplate,
  type ElementTypeName,
  type ExchangeImportAnswer,
  type SplitterRatio,
} from '@integration/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database.ts';
import { intArray } from '../../../db/sql-arrays.ts';
import { AppError } from '../../../http/app-error.ts';
import { translate, type MessageKey } from '../../../i18n/translate.ts';
import { cablesRepository } from '../../fibre/cables.repository.ts';
import { cutsRepository } from '../../fibre/cuts.repository.ts';
import { enclosuresRepository, type Holder } from '../../fibre/enclosures.repository.ts';
import { nameUnnamed } from '../../network-elements/element-creates.ts';
import { attributeChecker, geometryFor } from '../../network-elements/element-validation.ts';
import { assertEditable, assertMayWriteElements } from '../../network-elements/element-writes.ts';
import {
  elementsRepository,
  type NewElementRow,
} from '../../network-elements/elements.repository.ts';
import { templatesRepository } from '../../templates/templates.repository.ts';
import type { ImportContext } from '../exchange-context.ts';
import { checkTables } from './gracethd-checks.ts';
import { localise } from './gracethd-export.ts';
import { graceThdImportRepository as repo } from './gracethd-import.repository.ts';
import {
  planImport,
  type ImportPlan,
  type PlannedHolder,
  type PlannedTerminal,
} from './gracethd-plan.ts';
import { READ_TABLES, readDelivery, type DeliveryRows } from './gracethd-read.ts';
import type { Found } from './gracethd-tables.ts';
import { GRACETHD_TABLES } from './model-tables.ts';

/** Elements per insert statement. */
const BATCH = 2_000;
/** Problems listed in a refusal (the count says how many there were). */
const LISTED = 100;

/**
 * What refuses a delivery before anything is written: the core tables missing, a table without
 * a mandatory column, and the model's own rules over the rows (mandatory values, value lists,
 * foreign keys between the tables read, codes once per table).
 */
async function deliveryProblems(rows: DeliveryRows): Promise<Found[]> {
  const found: Found[] = [];
  const about = { severity: 'error' as const, elementIds: [], clusterId: null };
  for (const table of ['t_noeud', 't_cable']) {
    if (!rows.tables.has(table))
      found.push({
        ...about,
        code: 'missingTable',
        key: 'exchange.missingTable',
        vars: { table },
        table,
      });
  }
  for (const [name, tableRows] of rows.tables) {
    const model = GRACETHD_TABLES.find((t) => t.name === name);
    const first = tableRows[0];
    if (!model || !first) continue;
    for (const column of model.columns.filter((c) => c.notNull)) {
      if (!(column.name in first))
        found.push({
          ...about,
          code: 'missingColumn',
          key: 'exchange.missingColumn',
          vars: { table: name, column: column.name },
          table: name,
          column: column.name,
        });
    }
  }
  if (found.length) return found;
  return (await checkTables(rows.tables, () => null, new Set(READ_TABLES))).filter(
    (f) => f.severity === 'error',
  );
}

async function defaultTemplate(tx: Queryable, projectId: number, type: ElementTypeName) {
  const [template] = await templatesRepository.defaultsOf(tx, [projectId], type);
  if (!template) throw new Error(`no default ${type} template for project ${projectId}`);
  return template;
}

/** The Capacity option of a template closest above a count (the largest when none is). */
function capacityOption(template: ElementTemplate, wanted: unknown): unknown {
  const options = template.attributes.find((a) => a.name === 'Capacity')?.options;
  if (!options?.length || wanted === undefined) return wanted;
  const text = String(wanted);
  if (options.includes(text)) return text;
  const n = Number(text);
  const numbers = options
    .map(Number)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return String(numbers.find((o) => o >= n) ?? numbers[numbers.length - 1] ?? text);
}

/** Writes the plan into the cluster, in the caller's transaction. */
async function writePlan(
  tx: Queryable,
  plan: ImportPlan,
  target: {
    clusterId: number;
    clusterName: string;
    projectId: number;
    officeId: number;
    userId: number;
  },
  clusters: Awaited<ReturnType<typeof assertEditable>>,
) {
  const { clusterId, clusterName, projectId, officeId, userId } = target;
  // Elements, type by type, with their cluster's default template and naming.
  const ids = new Map<string, number>();
  const templates = new Map<ElementTypeName, ElementTemplate>();
  const all = [...plan.elements, ...plan.cables];
  for (const typeName of new Set(all.map((e) => e.type))) {
    const type = elementTypeByName(typeName);
    if (!type) continue;
    const template = await defaultTemplate(tx, projectId, typeName);
    templates.set(typeName, template);
    const check = attributeChecker(template.attributes);
    const planned = all.filter((e) => e.type === typeName);
    const rows: NewElementRow[] = [];
    const kept: string[] = [];
    for (const element of planned) {
      const geometry = geometryFor(type.geometry, element.at as never);
      if (!('ewkb' in geometry)) continue;
      const attributes = { ...element.attributes };
      if ('Capacity' in attributes)
        attributes.Capacity = capacityOption(template, attributes.Capacity);
      const checked = check(attributes as never, 'create');
      rows.push({
        c: clusterId,
        t: template.id,
        n: element.name,
        g: geometry.ewkb,
        a: checked.values,
      });
      kept.push(element.key);
    }
    await nameUnnamed(tx, type, clusters, rows);
    for (let i = 0; i < rows.length; i += BATCH) {
      const made = await elementsRepository.insert(tx, typeName, rows.slice(i, i + BATCH), userId);
      made.ids.forEach((id, j) => ids.set(kept[i + j] ?? '', id));
    }
  }
  if (plan.officePlace) {
    const office = await repo.office(tx, clusterId);
    if (office && !office.placed)
      await enclosuresRepository.placeOffice(
        tx,
        officeId,
        plan.officePlace.lng,
        plan.officePlace.lat,
      );
  }

  // Cables' fibres: the structure, then the fibres with their two ends (one statement).
  const cables = plan.cables.filter((c) => ids.has(c.key));
  await repo.structures(
    tx,
    projectId,
    cables.map((c) => ({
      e: ids.get(c.key) ?? 0,
      n: c.fibreCount,
      t: Math.max(c.tubes, Math.ceil(c.fibreCount / c.fibresPerTube)),
      p: c.fibresPerTube,
      s: c.specName,
    })),
  );
  const withFibres = cables.filter((c) => c.fibres).map((c) => ids.get(c.key) ?? 0);
  if (withFibres.length) await cablesRepository.makeFibres(tx, sqlIn(withFibres));
  await repo.fibreStates(
    tx,
    cables.flatMap((c) => [...c.states].map(([n, s]) => ({ c: ids.get(c.key) ?? 0, n, s }))),
  );

  // Equipment of the holders.
  const holderOf = (h: PlannedHolder): Holder | null => {
    const elementId = 'office' in h ? null : (ids.get(h.element) ?? null);
    if (!('office' in h) && elementId === null) return null;
    return {
      elementId,
      centralOfficeId: elementId === null ? officeId : null,
      name: '',
      type: 'CentralOffice',
      projectId,
      clusterId,
      point: null,
    };
  };
  const holderKey = (h: Holder) => (h.elementId !== null ? `E${h.elementId}` : 'O');
  // Trays and splitters, all at once.
  const placed = <T extends { holder: PlannedHolder }>(items: T[]) =>
    items.flatMap((item) => {
      const h = holderOf(item.holder);
      return h ? [{ item, h }] : [];
    });
  const trayRows = placed(plan.trays);
  const trayIds = await repo.addTrays(
    tx,
    trayRows.map(({ item, h }) => ({ e: h.elementId, o: h.centralOfficeId, c: item.capacity })),
  );
  const trays = new Map(trayRows.map(({ item }, i) => [item.code, trayIds[i] ?? 0]));
  const splitterRows = placed(plan.splitters);
  const splitterIds = await repo.addSplitters(
    tx,
    splitterRows.map(({ item, h }) => ({
      e: h.elementId,
      o: h.centralOfficeId,
      r: item.ratio as SplitterRatio,
      n: item.name,
    })),
  );
  const splitters = new Map(splitterRows.map(({ item }, i) => [item.code, splitterIds[i] ?? 0]));
  // An office serves several clusters: a panel of the same name already there (the delivery's
  // cluster exported from this very office) is not taken over: the delivery's gets its own name.
  const officePanels = new Set(
    (await enclosuresRepository.ports(tx, holderOf({ office: true }) as Holder)).map(
      (p) => p.panel,
    ),
  );
  const panels = new Map<string, { holder: string; panel: string }>();
  for (const p of plan.panels) {
    const h = holderOf(p.holder);
    if (!h || p.ports <= 0) continue;
    const panel =
      h.elementId === null && officePanels.has(p.panel) ? `${p.panel} (${clusterName})` : p.panel;
    await enclosuresRepository.addPorts(tx, h, p.kind, panel, p.ports);
    panels.set(p.code, { holder: holderKey(h), panel });
  }

  // Joints: each side's terminal (a cut made where a fibre is cut along its way), then all at once.
  const cableIds = cables.map((c) => ids.get(c.key) ?? 0);
  const fibres = await repo.fibreTerminals(tx, cableIds);
  const legs = await repo.splitterTerminals(tx, [...splitters.values()]);
  const ports = await repo.portTerminals(tx, [...ids.values()], officeId);
  const terminalOf = async (t: PlannedTerminal): Promise<number | null> => {
    if ('fibre' in t) {
      const cable = ids.get(t.fibre.cable);
      if (cable === undefined) return null;
      if (t.fibre.end !== 'm')
        return fibres.terminals.get(`${cable}:${t.fibre.number}:${t.fibre.end}`) ?? null;
      const fibre = fibres.fibres.get(`${cable}:${t.fibre.number}`);
      return fibre === undefined || t.fibre.along === undefined
        ? null
        : cutsRepository.cut(tx, fibre, t.fibre.along, t.fibre.faces ?? 'a');
    }
    if ('splitter' in t) {
      const splitter = splitters.get(t.splitter);
      return splitter === undefined ? null : (legs.get(`${splitter}:${t.leg}`) ?? null);
    }
    const panel = panels.get(t.port.tiroir);
    return panel
      ? (ports.get(`${panel.holder}|${panel.panel}|${t.port.number}|${t.port.kind}`) ?? null)
      : null;
  };
  const joints = [];
  const used = new Set<number>();
  let unresolved = 0;
  for (const joint of plan.joints) {
    const h = holderOf(joint.holder);
    const a = await terminalOf(joint.a);
    const b = await terminalOf(joint.b);
    if (!h || a === null || b === null || a === b || used.has(a) || used.has(b)) {
      unresolved++;
      continue;
    }
    used.add(a);
    used.add(b);
    joints.push({
      e: h.elementId,
      o: h.centralOfficeId,
      k: joint.kind,
      t: joint.tray ? (trays.get(joint.tray) ?? null) : null,
      a,
      b,
      l: joint.lossDb,
    });
  }
  await repo.join(tx, joints, userId);
  return { ids, joints: joints.length, unresolved };
}

/** The cables whose fibres are made (makeFibres' condition on fibre_cables fc). */
const sqlIn = (ids: number[]) => sql`fc.element_id = ANY(${intArray(ids)}::int[])`;

/**
 * POST /file-format/import with a GraceTHD delivery (a GeoPackage, or the model's shapefile + CSV
 * layout): read, checked, mapped and written into the `clusterId` field's cluster, which must be
 * empty, in one transaction; the answer reports per table what was read, mapped and skipped.
 */
export async function importGraceThd(context: ImportContext): Promise<ExchangeImportAnswer> {
  const { db, user, locale, fields } = context;
  assertMayWriteElements(user);
  const clusterId = Number(fields.get('clusterId') ?? '');
  if (!Number.isSafeInteger(clusterId) || clusterId <= 0)
    throw new AppError(400, 'VALIDATION_ERROR', 'exchange.targetRequired', {
      target: translate(locale, 'exchange.target.cluster'),
      standard: 'GraceTHD',
    });
  const clusters = await assertEditable(db, user, [clusterId]);
  const cluster = clusters.get(clusterId);
  if (!cluster) throw new AppError(404, 'NOT_FOUND', 'clusters.notFound', { id: clusterId });
  const rows = await readDelivery(context);
  const problems = await deliveryProblems(rows);
  if (problems.length) {
    const listed = problems.slice(0, LISTED);
    throw new AppError(
      422,
      'VALIDATION_ERROR',
      'exchange.invalidDelivery',
      { standard: 'GraceTHD', count: problems.length },
      undefined,
      (l) => ({
        vars: { standard: 'GraceTHD', count: problems.length },
        details: { problems: listed.map((p) => localise(p, l)), count: problems.length },
      }),
    );
  }
  const plan = planImport(rows);
  const written = await db.transaction(async (tx) => {
    if ((await repo.liveElements(tx, clusterId)) > 0)
      throw new AppError(409, 'CONFLICT', 'exchange.notEmpty', { name: cluster.name });
    const office = await repo.office(tx, clusterId);
    return writePlan(
      tx,
      plan,
      {
        clusterId,
        clusterName: cluster.name,
        projectId: cluster.projectId,
        officeId: office?.id ?? 0,
        userId: user.id,
      },
      clusters,
    );
  });
  const t = (key: MessageKey, vars?: Record<string, string | number>) =>
    translate(locale, key, vars);
  const report = [...rows.tables.keys()].sort().map((source) => {
    const entry = plan.report.get(source);
    const read = rows.tables.get(source)?.length ?? 0;
    return {
      source,
      read,
      mapped: entry?.mapped ?? 0,
      skipped: entry?.skipped ?? 0,
      notes: [...(entry?.notes ?? [])].map(([note, count]) =>
        t('exchange.note.count', {
          note: t(note as MessageKey),
          count: count.toLocaleString(locale),
        }),
      ),
    };
  });
  const warnings = rows.warnings.map((w) => t('exchange.warn.assumedSrs', { table: w.table }));
  if (written.unresolved)
    warnings.push(
      t('exchange.note.count', {
        note: t('exchange.note.positionUnresolved'),
        count: written.unresolved.toLocaleString(locale),
      }),
    );
  return {
    standard: 'gracethd',
    target: { projectId: cluster.projectId, clusterIds: [clusterId], name: cluster.name },
    report,
    warnings,
  };
}

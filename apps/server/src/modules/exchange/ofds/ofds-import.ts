import {
  DEFAULT_PROJECT_SETTINGS,
  elementTypeByName,
  type ElementTemplate,
  type ElementTypeName,
  type Locale,
} from '@integration/contracts';
import type { Queryable } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { AppError, forbidden } from '../../../http/app-error.ts';
import { translate, type MessageKey, type MessageVars } from '../../../i18n/translate.ts';
import { centralOfficesRepository } from '../../central-offices/central-offices.repository.ts';
import { clustersRepository } from '../../clusters/clusters.repository.ts';
import { enclosuresRepository } from '../../fibre/enclosures.repository.ts';
import { nameUnnamed } from '../../network-elements/element-creates.ts';
import { attributeChecker, geometryFor } from '../../network-elements/element-validation.ts';
import { assertMayWriteElements, clusterFacts } from '../../network-elements/element-writes.ts';
import {
  elementsRepository,
  type NewElementRow,
} from '../../network-elements/elements.repository.ts';
import { organisationRepository } from '../../organisation/organisation.repository.ts';
import { templatesRepository } from '../../templates/templates.repository.ts';
import type { UserRecord } from '../../users/users.repository.ts';
import type { ExchangeImportAnswer, ImportContext } from '../exchange-context.ts';
import { ofdsImportRepository as repo } from './ofds-import.repository.ts';
import { planImport, storable, type OfdsPlan } from './ofds-plan.ts';
import { readOfdsUploads } from './ofds-read.ts';
import { checkOfdsPackage, MAX_LISTED, type OfdsProblem } from './ofds-validator.ts';

/** Elements per insert statement (one JSON parameter each). */
const BATCH = 5_000;

const problemLine = (locale: Locale, p: OfdsProblem) =>
  translate(locale, 'exchange.schemaProblem', {
    path: p.path || '/',
    message: p.key ? translate(locale, p.key, p.vars) : (p.message ?? ''),
  });

/** 422: the package is refused, with the schema's (and our checks') problems in `details`. */
function invalidPackage(problems: OfdsProblem[]): AppError {
  const listed = problems.slice(0, MAX_LISTED);
  const localize = (locale: Locale) => ({
    vars: { standard: 'OFDS', count: problems.length },
    details: {
      count: problems.length,
      problems: listed.map((p) => ({ path: p.path, message: problemLine(locale, p) })),
    },
  });
  return new AppError(
    422,
    'VALIDATION_ERROR',
    'exchange.invalidDelivery',
    { standard: 'OFDS', count: problems.length },
    localize('en').details,
    localize,
  );
}

/** The main project the package goes under, from the multipart field. */
function targetOf(fields: Map<string, string>): number {
  const raw = fields.get('mainProjectId')?.trim() ?? '';
  if (!/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) {
    throw new AppError(
      400,
      'VALIDATION_ERROR',
      'exchange.targetRequired',
      { target: 'main project', standard: 'OFDS' },
      undefined,
      (locale) => ({
        vars: { target: translate(locale, 'exchange.targetMainProject'), standard: 'OFDS' },
        details: undefined,
      }),
    );
  }
  return Number(raw);
}

/**
 * Admins import anywhere; planners under a main project where they work (assigned to a CO or
 * cluster of one of its projects), and are assigned to the new office so that they see it.
 * Others are refused before anything is read; a main project a non-admin cannot see is a 403
 * whether or not it exists.
 */
async function assertMayImport(tx: Queryable, user: UserRecord, mainProjectId: number) {
  const found = await repo.mainProject(tx, mainProjectId, user.id);
  if (user.role === 'admin') {
    if (!found)
      throw new AppError(404, 'NOT_FOUND', 'organisation.mainProjectNotFound', {
        id: mainProjectId,
      });
    return;
  }
  if (!found?.assigned) throw forbidden();
}

/** A name not yet taken among `taken` (lower case): `name`, else `name (2)`, `name (3)`… */
function freeName(name: string, taken: Set<string>, max = 100): string {
  let free = name;
  for (let n = 2; taken.has(free.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    free = name.slice(0, max - suffix.length) + suffix;
  }
  taken.add(free.toLowerCase());
  return free;
}

/** The Capacity a fibre count gets: the template's option, else the next larger, else the largest. */
function capacityFor(options: number[], count: number): { value: string; exact: boolean } | null {
  if (!options.length) return null;
  const exact = options.includes(count);
  const chosen = exact ? count : (options.find((o) => o > count) ?? options[options.length - 1]);
  return { value: String(chosen), exact };
}

async function defaultTemplate(
  tx: Queryable,
  projectId: number,
  type: ElementTypeName,
): Promise<ElementTemplate> {
  const [template] = await templatesRepository.defaultsOf(tx, [projectId], type);
  if (!template) throw new Error(`no default ${type} template for project ${projectId}`);
  return template;
}

/**
 * An OFDS package (JSON, or OFDS GeoJSON) uploaded to POST /file-format/import becomes a new
 * project under the `mainProjectId` field's main project: one central office placed at its
 * first point of presence, exchange or data centre, one cluster per phase (or per network when
 * nodes and spans have none), nodes as FDT-SROs (cabinets, and our own FDT ids), PBO-FATs and
 * splice closures (ours by id; every other node), spans as cables. One transaction: a package
 * that fails anywhere leaves nothing behind.
 */
export async function importOfds(context: ImportContext): Promise<ExchangeImportAnswer> {
  const { db, user, locale, fields } = context;
  assertMayWriteElements(user);
  const mainProjectId = targetOf(fields);
  await assertMayImport(db, user, mainProjectId);
  const t = (key: MessageKey, vars?: MessageVars) => translate(locale, key, vars);

  const pkg = await readOfdsUploads(context.uploads);
  const checked = await checkOfdsPackage(pkg);
  if (checked.problems.length) throw invalidPackage(checked.problems);
  const plan = planImport(pkg);
  const given = storable(fields.get('projectName'), 100);

  const written = await db
    .transaction((tx) => writePlan(tx, user, mainProjectId, plan, given, pkg.networks[0]?.name))
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw new AppError(409, 'CONFLICT', 'organisation.projectNameTaken', { name: given ?? '' });
      throw error;
    });

  const { counts } = plan;
  const nodesSkipped = counts.nodes.withoutPlace;
  const nodeNotes = [
    ...(nodesSkipped ? [t('exchange.ofdsNodesWithoutPlace', { count: nodesSkipped })] : []),
    plan.office.at
      ? t('exchange.ofdsOffice', { name: written.officeName })
      : t('exchange.ofdsNoOffice'),
  ];
  const spanNotes = [
    ...(counts.spans.straight
      ? [t('exchange.ofdsStraightSpans', { count: counts.spans.straight })]
      : []),
    ...(counts.spans.withoutRoute
      ? [t('exchange.ofdsSpansWithoutRoute', { count: counts.spans.withoutRoute })]
      : []),
    ...(written.capacityRounded
      ? [t('exchange.ofdsCapacityRounded', { count: written.capacityRounded })]
      : []),
  ];
  const fromPhases = plan.clusters.filter((c) => c.fromPhase).length;
  return {
    standard: 'ofds',
    target: { projectId: written.projectId, clusterIds: written.clusterIds, name: written.name },
    report: [
      {
        source: 'nodes',
        read: counts.nodes.read,
        mapped: counts.nodes.read - nodesSkipped,
        skipped: nodesSkipped,
        notes: nodeNotes,
      },
      {
        source: 'spans',
        read: counts.spans.read,
        mapped: plan.spans.length,
        skipped: counts.spans.withoutRoute,
        notes: spanNotes,
      },
      {
        source: 'phases',
        read: counts.phases,
        mapped: fromPhases,
        skipped: counts.phases - fromPhases,
        notes: [t('exchange.ofdsPhases', { count: written.clusterIds.length })],
      },
      {
        source: 'organisations',
        read: counts.organisations,
        mapped: 0,
        skipped: counts.organisations,
        notes: counts.organisations ? [t('exchange.ofdsOrganisations')] : [],
      },
    ],
    warnings: [
      ...(checked.schema ? [] : [t('exchange.ofdsSchemaMissing')]),
      ...spanNotes,
      ...(plan.office.at ? [] : [t('exchange.ofdsNoOffice')]),
    ],
  };
}

/** The plan written: project, office, clusters, elements. Runs in the import's transaction. */
async function writePlan(
  tx: Queryable,
  user: UserRecord,
  mainProjectId: number,
  plan: OfdsPlan,
  given: string | undefined,
  networkName: string | undefined,
) {
  // Again inside the transaction, the main project held: it cannot go meanwhile.
  await assertMayImport(tx, user, mainProjectId);
  const name =
    given ??
    freeName(storable(networkName, 100) ?? 'OFDS', await repo.projectNames(tx, mainProjectId));
  const projectValues = {
    main_project_id: mainProjectId,
    name,
    zoom: DEFAULT_PROJECT_SETTINGS.zoom,
    phase: DEFAULT_PROJECT_SETTINGS.phase,
  };
  const projectId = await organisationRepository.create(tx, 'project', projectValues);
  await organisationRepository.history(tx, {
    level: 'project',
    id: projectId,
    action: 'create',
    name,
    detail: {
      parentId: mainProjectId,
      zoom: projectValues.zoom,
      phase: projectValues.phase,
      source: 'ofds',
    },
    userId: user.id,
  });
  await templatesRepository.ensureDefaults(tx, [projectId]);

  const officeName = plan.office.name ?? storable(networkName, 100) ?? 'CO';
  const officeId = await centralOfficesRepository.create(tx, projectId, officeName);
  if (plan.office.at)
    await enclosuresRepository.placeOffice(tx, officeId, plan.office.at.lng, plan.office.at.lat);
  if (user.role !== 'admin') await centralOfficesRepository.addUsers(tx, officeId, [user.id]);

  const clusterIds = new Map<string, number>();
  const takenClusters = new Set<string>();
  for (const cluster of plan.clusters) {
    const id = await clustersRepository.create(tx, officeId, freeName(cluster.name, takenClusters));
    if (cluster.operational && cluster.members)
      await clustersRepository.update(tx, id, { projectPhase: 'Completed' });
    clusterIds.set(cluster.key, id);
  }
  const facts = new Map((await clusterFacts(tx, [...clusterIds.values()])).map((c) => [c.id, c]));

  const rowsByType = new Map<ElementTypeName, NewElementRow[]>();
  const push = (type: ElementTypeName, row: NewElementRow) => {
    const rows = rowsByType.get(type);
    if (rows) rows.push(row);
    else rowsByType.set(type, [row]);
  };
  const templates = new Map<ElementTypeName, ElementTemplate>();
  const templateOf = async (type: ElementTypeName) => {
    let template = templates.get(type);
    if (!template) templates.set(type, (template = await defaultTemplate(tx, projectId, type)));
    return template;
  };

  for (const node of plan.nodes) {
    const template = await templateOf(node.type);
    const geometry = geometryFor('point', node.at);
    if (!('ewkb' in geometry)) continue;
    push(node.type, {
      c: clusterIds.get(node.cluster) ?? 0,
      t: template.id,
      n: node.name ?? '',
      g: geometry.ewkb,
      a: attributeChecker(template.attributes)({}, 'create').values,
    });
  }

  let capacityRounded = 0;
  if (plan.spans.length) {
    const cable = await templateOf('Cable');
    const check = attributeChecker(cable.attributes);
    const options = (cable.attributes.find((a) => a.name === 'Capacity')?.options ?? [])
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0)
      .sort((a, b) => a - b);
    for (const span of plan.spans) {
      const geometry = geometryFor('line', span.line);
      if (!('ewkb' in geometry)) continue;
      const capacity = span.fibreCount === undefined ? null : capacityFor(options, span.fibreCount);
      if (capacity && !capacity.exact) capacityRounded++;
      push('Cable', {
        c: clusterIds.get(span.cluster) ?? 0,
        t: cable.id,
        n: span.name ?? '',
        g: geometry.ewkb,
        a: check(capacity ? { Capacity: capacity.value } : {}, 'create').values,
      });
    }
  }

  for (const [typeName, rows] of rowsByType) {
    const type = elementTypeByName(typeName);
    if (!type) continue;
    // Unnamed nodes and spans get their cluster's naming convention, as drawn ones do.
    await nameUnnamed(tx, type, facts, rows);
    for (let i = 0; i < rows.length; i += BATCH)
      await elementsRepository.insert(tx, typeName, rows.slice(i, i + BATCH), user.id);
  }
  return {
    projectId,
    name,
    officeName,
    clusterIds: [...clusterIds.values()],
    capacityRounded,
  };
}

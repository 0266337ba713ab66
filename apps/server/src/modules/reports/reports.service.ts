import { sql } from 'drizzle-orm';
import {
  UNTITLED_REPORT,
  type Locale,
  type Metric,
  type Report,
  type ReportBody,
  type ReportRun,
  type RunReportBody,
} from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { isDataException } from '../../db/errors.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { PerUserLimit } from '../../http/per-user-limit.ts';
import { assertProjectReadable, visibleProject } from '../access/access.ts';
import { projectNotFound } from '../hierarchy/hierarchy.service.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { pricesRepository as prices } from '../costs/prices.repository.ts';
import { translate } from '../../i18n/translate.ts';
import { localDateTime, sheetDate } from '../../http/time-zone.ts';
import { reportAttributes, reportAttributesAcross } from './report-attributes.ts';
import { chartResults, metricResult } from './report-results.ts';
import { compileReport, type NumberReading, type RunScope } from './report-sql.ts';
import { checkReport } from './report-validation.ts';
import { reportPdf } from './report-pdf.ts';
import { reportWorkbook } from './report-xlsx.ts';
import { reportsRepository as repo } from './reports.repository.ts';

/** How PostgreSQL writes a float8 that is not a finite number into JSON. */
const NON_FINITE = /"-?(NaN|Infinity)"/;

/**
 * The most a run may answer, measured in the database before anything is read into the server:
 * with LIST capped, only many groups of long lists come near it (issue 25).
 */
export const REPORT_ANSWER_MAX_BYTES = 5_000_000;

/** Runs of reports at once per user (a document's run counts), and documents being written. */
export const REPORT_RUNS_PER_USER = 2;
export const REPORT_DOCUMENTS_PER_USER = 2;

const reportNotFound = (id: number) => new AppError(404, 'NOT_FOUND', 'reports.notFound', { id });

/** SPEC §5: a name is not required; an unnamed report is named with its day. */
const named = (body: ReportBody): ReportBody => ({
  ...body,
  name: body.name.trim() || `${UNTITLED_REPORT} ${new Date().toISOString().slice(0, 10)}`,
});

export function createReportsService(db: Database) {
  const runs = new PerUserLimit(REPORT_RUNS_PER_USER);
  const documents = new PerUserLimit(REPORT_DOCUMENTS_PER_USER);

  /**
   * One query: numbers read plain (as fast as a hand-written aggregate), and only when a text
   * is not a number (the query fails on it) or a value reads as NaN or Infinity, again checked.
   * The answer comes as one JSON text whose size the database measures first: beyond
   * REPORT_ANSWER_MAX_BYTES only the size comes back, and the run is refused. (OFFSET 0 keeps
   * the answer computed once: flattened, each of its three uses ran the whole report again.)
   */
  async function computeReport(metrics: Metric[], scope: RunScope) {
    const run = async (reading: NumberReading) => {
      const compiled = compileReport(metrics, scope, reading);
      const answer = await db.one<{ answer: string | null; bytes: number }>(sql`
        SELECT CASE WHEN octet_length(a) <= ${REPORT_ANSWER_MAX_BYTES} THEN a END AS answer,
               octet_length(a) AS bytes
        FROM (SELECT row_to_json(x)::text AS a FROM (${compiled.query}) x OFFSET 0) y`);
      if (!answer || answer.answer === null) {
        throw new AppError(422, 'VALIDATION_ERROR', 'reports.tooLarge', {
          size: megabytes(Number(answer?.bytes ?? 0)),
          limit: megabytes(REPORT_ANSWER_MAX_BYTES),
        });
      }
      return { compiled, text: answer.answer };
    };
    let result: { compiled: ReturnType<typeof compileReport>; text: string } | undefined;
    try {
      result = await run('plain');
    } catch (error) {
      if (!isDataException(error)) throw error;
    }
    if (!result || NON_FINITE.test(result.text)) result = await run('checked');
    return {
      compiled: result.compiled,
      answer: JSON.parse(result.text) as Record<string, unknown>,
    };
  }

  /** A report its owner (or an admin) may read and change. */
  async function own(user: UserRecord, id: number): Promise<Report> {
    const report = await repo.byId(db, id);
    if (!report) throw reportNotFound(id);
    if (report.userId !== user.id && user.role !== 'admin') throw forbidden();
    return report;
  }

  /** A report the user may read and run: their own, or one shared with a project they see. */
  async function readable(user: UserRecord, id: number): Promise<Report> {
    const report = await repo.byId(db, id);
    if (!report) throw reportNotFound(id);
    if (report.userId === user.id || user.role === 'admin') return report;
    if (report.sharedProjectId === null) throw forbidden();
    await assertProjectReadable(db, user, report.sharedProjectId, () => reportNotFound(id));
    return report;
  }

  /** The scope of a run, checked: a project the user may read, and a CO or cluster of it. */
  async function scopeOf(user: UserRecord, body: RunReportBody): Promise<RunScope> {
    await assertProjectReadable(db, user, body.projectId, () => projectNotFound(body.projectId));
    const inProject = await db.one<{ co: boolean; cluster: boolean }>(sql`
      SELECT (${body.centralOfficeId ?? null}::int IS NULL OR EXISTS (
                SELECT 1 FROM central_offices
                WHERE id = ${body.centralOfficeId ?? null} AND project_id = ${body.projectId})) AS co,
             (${body.clusterId ?? null}::int IS NULL OR EXISTS (
                SELECT 1 FROM clusters c JOIN central_offices co ON co.id = c.central_office_id
                WHERE c.id = ${body.clusterId ?? null} AND co.project_id = ${body.projectId}
                  AND (${body.centralOfficeId ?? null}::int IS NULL
                       OR co.id = ${body.centralOfficeId ?? null}))) AS cluster`);
    if (!inProject?.co || !inProject.cluster) {
      throw new AppError(400, 'VALIDATION_ERROR', 'reports.scopeOutside', {
        projectId: body.projectId,
      });
    }
    return {
      projectId: body.projectId,
      centralOfficeId: body.centralOfficeId ?? null,
      clusterId: body.clusterId ?? null,
    };
  }

  /** A run, at most REPORT_RUNS_PER_USER of one user's at once (429 beyond). */
  const run = (user: UserRecord, report: ReportBody, body: RunReportBody, locale: Locale) =>
    runs.run(user.id, () => runNow(user, report, body, locale));

  async function runNow(
    user: UserRecord,
    report: ReportBody,
    body: RunReportBody,
    locale: Locale,
  ): Promise<ReportRun> {
    const scope = await scopeOf(user, body);
    const checked = checkReport(report, await reportAttributes(db, scope.projectId));
    const { compiled, answer } = await computeReport(checked.metrics, scope);
    const currency = await prices.currency(db, scope.projectId);
    const metrics = checked.metrics.map((metric, i) =>
      metricResult(metric, compiled.rowsOf(answer, i), locale, currency),
    );
    return {
      scope,
      ranAt: new Date().toISOString(),
      metrics,
      visualizations: chartResults(checked, metrics),
    };
  }

  /** A saved report run and written as a workbook or a PDF, named after it and its day. */
  async function document(
    user: UserRecord,
    id: number,
    body: RunReportBody,
    locale: Locale,
    format: 'xlsx' | 'pdf',
    timeZone: string,
  ) {
    const report = await readable(user, id);
    const result = await run(user, report, body, locale);
    await repo.ran(db, id);
    const scope =
      (
        await db.one<{ names: string }>(sql`
            SELECT concat_ws(' › ', p.name, co.name, c.name) AS names
            FROM projects p
            LEFT JOIN central_offices co ON co.id = ${result.scope.centralOfficeId}
            LEFT JOIN clusters c ON c.id = ${result.scope.clusterId}
            WHERE p.id = ${result.scope.projectId}`)
      )?.names ?? '';
    const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
    const filename = `${report.name}-${result.ranAt.slice(0, 10)}.${format}`;
    const bytes =
      format === 'pdf'
        ? await reportPdf(result, {
            report,
            scope,
            ranAt: localDateTime(new Date(result.ranAt), timeZone),
            notesLabel: t('reports.sheet.notes'),
          })
        : await reportWorkbook(result, {
            reportName: report.name,
            scope,
            ranAt: sheetDate(new Date(result.ranAt), timeZone),
            labels: {
              report: t('reports.sheet.report'),
              scope: t('reports.sheet.scope'),
              ranAt: t('reports.sheet.ranAt'),
              notes: t('reports.sheet.notes'),
            },
          });
    return { filename, bytes };
  }

  return {
    async ofUser(user: UserRecord, userId: number): Promise<Report[]> {
      if (userId !== user.id && user.role !== 'admin') throw forbidden();
      // Your own list also holds what colleagues shared with your projects.
      return userId === user.id
        ? repo.ofUser(db, userId, visibleProject(user, sql`r.shared_project_id`))
        : repo.ofUser(db, userId);
    },

    get: readable,

    /** Shared read-only with a project's users (one the author may read), or no longer. */
    async share(user: UserRecord, id: number, projectId: number | null): Promise<Report> {
      await own(user, id);
      if (projectId !== null) {
        await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
      }
      await repo.share(db, id, projectId);
      return own(user, id);
    },

    async create(user: UserRecord, body: ReportBody): Promise<Report> {
      const id = await repo.create(db, user.id, named(checkReport(body, null)));
      return own(user, id);
    },

    async update(user: UserRecord, id: number, body: ReportBody): Promise<Report> {
      await own(user, id);
      await repo.update(db, id, named(checkReport(body, null)));
      return own(user, id);
    },

    async delete(user: UserRecord, id: number): Promise<Report> {
      const report = await own(user, id);
      await repo.delete(db, id);
      return report;
    },

    async runSaved(user: UserRecord, id: number, body: RunReportBody, locale: Locale) {
      const report = await readable(user, id);
      const result = await run(user, report, body, locale);
      await repo.ran(db, id);
      return result;
    },

    runDraft: (user: UserRecord, body: RunReportBody, locale: Locale) =>
      run(user, body.report ?? { name: '', metrics: [], visualizations: [] }, body, locale),

    /**
     * A saved report run and written as a workbook or a PDF, named after it and its day; at
     * most REPORT_DOCUMENTS_PER_USER of one user's at once (429 beyond).
     */
    document: (
      user: UserRecord,
      id: number,
      body: RunReportBody,
      locale: Locale,
      format: 'xlsx' | 'pdf',
      timeZone = 'UTC',
    ) => documents.run(user.id, () => document(user, id, body, locale, format, timeZone)),

    async attributes(user: UserRecord, projectId: number) {
      await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
      return reportAttributes(db, projectId);
    },

    /** Across every project the user may read: the builder lists them before any preview. */
    async attributesOfReadable(user: UserRecord) {
      const rows = await db.rows<{ id: number }>(sql`
        SELECT p.id FROM projects p WHERE ${visibleProject(user, sql`p.id`)} ORDER BY p.id`);
      return reportAttributesAcross(
        db,
        rows.map((r) => r.id),
      );
    },
  };
}

/** "5.2 MB", as a message shows a size. */
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

export type ReportsService = ReturnType<typeof createReportsService>;

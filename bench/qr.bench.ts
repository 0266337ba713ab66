import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { loadConfig } from '../apps/server/src/config.ts';
import {
  writeLabelsPdf,
  type LabelContent,
} from '../apps/server/src/modules/qrcode/documents/labels-pdf.ts';
import { tagLink } from '../apps/server/src/modules/qrcode/tag-link.ts';
import { benchDatabase, postgresAvailable, type BenchDatabase } from './lib/bench-database.ts';
import { startBenchServer, type BenchServer } from './lib/bench-server.ts';
import { interleavedMediansMs, type Figure } from './lib/report.ts';

/**
 * QR tags' documents: 10,000 labels as a PDF and 10,000 tags as a spreadsheet through the API
 * (database pages, access checks, HTTP) beside the same document written by the bare library
 * in the same run (the goal: what the API adds), and the server's memory while the PDF streams.
 * The server runs in this process (PGlite), so its RSS is this process's.
 */
const COUNT = 10_000; // the most one create request makes
const RUNS = Number(process.env.BENCH_QR_RUNS ?? 3); // after one warm-up
const MEMORY_BUDGET_MB = 200;
const DETAILS = [
  { ID: 1, type: 'Attribute', property: 'Material', value: 'Béton armé' },
  { ID: 2, type: 'Attribute', property: 'Owner', value: 'Bench' },
] as const;

/** The spreadsheet's columns (the Material and Owner details after Cluster), in English. */
const HEADER = ['Code', 'Link', 'Template', 'Element type', 'Cluster', 'Material', 'Owner'].concat([
  'Scanned',
  'Scanned at',
  'Scanned by',
  'Linked element',
  'Latitude',
  'Longitude',
]);

/** A stream that takes everything at once: the bare writers' reader. */
const sink = () =>
  new Writable({
    write: (_chunk, _encoding, done) => done(),
  });

/** The body of a GET as the admin, counted as it comes and not kept. */
async function download(server: BenchServer, path: string): Promise<number> {
  const response = await server.send(path, {
    headers: { authorization: `Bearer ${server.token}` },
  });
  if (!response.ok || !response.body) throw new Error(`${path}: ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  return bytes;
}

/** This process's RSS before `work` and its peak while `work` runs (sampled every 20 ms), in MB. */
async function rssMb(work: () => Promise<unknown>): Promise<{ idle: number; peak: number }> {
  await new Promise((resolve) => setTimeout(resolve, 500)); // let earlier garbage go
  const idle = process.memoryUsage.rss();
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  const mb = (bytes: number) => bytes / 1024 / 1024;
  return { idle: mb(idle), peak: mb(Math.max(peak, process.memoryUsage.rss())) };
}

export async function qrFigures(): Promise<{ figures: Figure[]; notes: string[] }> {
  const kinds: ('pglite' | 'postgres')[] = ['pglite'];
  if (await postgresAvailable()) kinds.push('postgres');
  const figures: Figure[] = [];
  const notes: string[] = [];
  for (const kind of kinds) {
    const bench = await benchDatabase(kind);
    const server = await startBenchServer(bench);
    try {
      figures.push(...(await documentFigures(bench, server, notes)));
    } finally {
      await server.app.close();
      await bench.dispose();
    }
  }
  if (kinds.length === 1) notes.push('qr: PostgreSQL with PostGIS not reachable: PGlite only.');
  return { figures, notes };
}

/** The documents of 10,000 new tags, from one database. */
async function documentFigures(
  bench: BenchDatabase,
  server: BenchServer,
  notes: string[],
): Promise<Figure[]> {
  const { db } = bench;
  const cluster = await db.one<{ id: number; name: string }>(
    sql`SELECT id, name FROM clusters WHERE name = 'CBD-01'`,
  );
  const poleTemplate = await db.one<{ id: number }>(sql`
      SELECT t.id FROM element_templates t
      JOIN central_offices co ON co.project_id = t.project_id
      JOIN clusters c ON c.central_office_id = co.id
      WHERE c.id = ${cluster?.id} AND t.type = 'Pole' AND t.is_default`);
  const created = JSON.parse(
    await server.call('POST', '/qrcode/templates/create', {
      name: 'Bench poles',
      noOfTags: COUNT,
      prefix: 'BEN',
      networkElementTypeId: 3, // Pole
      clusterId: cluster?.id,
      templateId: poleTemplate?.id,
      tagDetails: DETAILS,
    }),
  ) as { data: { id: number; name: string } };
  const template = created.data;
  const codes = (
    await db.rows<{ code: string }>(
      sql`SELECT code FROM qr_tags WHERE qr_template_id = ${template.id} ORDER BY seq`,
    )
  ).map((r) => r.code);
  notes.push(
    `qr: ${codes.length.toLocaleString('en')} tags of one template with 2 details, ${bench.label}; median of ${RUNS} run(s) after a warm-up, the two ways taking turns.`,
  );

  // The labels the API prints, drawn by our writer alone into a stream that never waits.
  const publicUrl = loadConfig({}).publicUrl;
  const labels: LabelContent[] = codes.map((code) => ({
    code,
    link: tagLink(publicUrl, code),
    templateName: template.name,
    details: DETAILS.map(({ property, value }) => ({ property, value })),
  }));
  const pdfPath = `/qrcode/templates/generate/${template.id}?layout=a4-21`;
  // Memory first, on the first download: later runs would reuse what earlier ones took.
  const apiPdfRss = await rssMb(() => download(server, pdfPath));
  let pdfBytes = 0;
  const [apiPdfMs = NaN, barePdfMs = NaN] = await interleavedMediansMs(RUNS, [
    async () => (pdfBytes = await download(server, pdfPath)),
    () => writeLabelsPdf(sink(), labels, { layout: 'a4-21', title: template.name }),
  ]);
  notes.push(
    `qr: the PDF of ${COUNT.toLocaleString('en')} labels (${Math.ceil(COUNT / 21)} A4 sheets of 21) weighs ${(pdfBytes / 1024 / 1024).toFixed(1)} MB; RSS ${apiPdfRss.idle.toFixed(0)} MB before its first download, ${apiPdfRss.peak.toFixed(0)} MB at most during it (server and client in this process).`,
  );

  let xlsxBytes = 0;
  const rows = codes.map((code) => {
    const link = tagLink(publicUrl, code);
    const tag = [code, { text: link, hyperlink: link }, template.name, 'Pole', cluster?.name];
    return [...tag, ...DETAILS.map((d) => d.value), 'No', null, null, null, null, null];
  });
  const bareXlsx = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink(), useStyles: true });
    const sheet = workbook.addWorksheet('Tags');
    sheet.addRow(HEADER).commit();
    for (const row of rows) sheet.addRow(row).commit();
    await workbook.commit();
  };
  const [apiXlsxMs = NaN, bareXlsxMs = NaN] = await interleavedMediansMs(RUNS, [
    async () => (xlsxBytes = await download(server, `/qrcode/templates/excel/${template.id}`)),
    bareXlsx,
  ]);
  notes.push(
    `qr: the spreadsheet of ${COUNT.toLocaleString('en')} tags weighs ${(xlsxBytes / 1024 / 1024).toFixed(1)} MB.`,
  );

  return [
    {
      name: `labels PDF, ${COUNT / 1000}k on A4 sheets of 21 (HTTP, ${bench.label})`,
      ours: apiPdfMs,
      reference: barePdfMs,
      referenceName: 'our pdfkit writer alone, same labels, into a sink',
      unit: 'ms',
      goal: 1.3,
    },
    {
      name: `server RSS growth while the ${COUNT / 1000}k-label PDF downloads (${bench.label})`,
      ours: apiPdfRss.peak - apiPdfRss.idle,
      reference: MEMORY_BUDGET_MB,
      referenceName: 'budget',
      unit: 'MB',
      goal: 1,
    },
    {
      name: `tags spreadsheet, ${COUNT / 1000}k rows (HTTP, ${bench.label})`,
      ours: apiXlsxMs,
      reference: bareXlsxMs,
      referenceName: 'bare exceljs streaming writer, same rows, into a sink',
      unit: 'ms',
      goal: 1.3,
    },
  ];
}

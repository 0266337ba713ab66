/** Exchange standards (issue 29): what GraceTHD checks and delivery imports answer. */

/** One problem the GraceTHD pre-export check found, in the Problems panel's manner. */
export interface DeliveryProblem {
  /** The rule broken: mandatory, valueList, foreignKey, cableEnd, homeAddress, zone, text. */
  code: string;
  /** Errors refuse the export; warnings travel with the file. */
  severity: 'error' | 'warning';
  /** In the user's language, naming the row, the column and the value. */
  message: string;
  /** Our elements concerned (open them on the map); empty when none is (a central office). */
  elementIds: number[];
  /** Their cluster, so that the map opens on it. */
  clusterId: number | null;
  table?: string;
  column?: string;
  value?: string;
}

/** The answer of a GraceTHD export with `dryRun`, and the `details` of a refused one (422). */
export interface DeliveryCheck {
  problems: DeliveryProblem[];
  counts: { error: number; warning: number };
}

/** One line of an import's report: a table (t_noeud) or an OFDS array (nodes). */
export interface ImportReportLine {
  source: string;
  read: number;
  mapped: number;
  skipped: number;
  /** Why rows were skipped or changed, localised. */
  notes: string[];
}

/**
 * The answer of POST /file-format/import when the upload is a delivery: the standard
 * recognised, where it went (the cluster for GraceTHD, a new project for OFDS) and the report.
 * Send the target as multipart fields: `clusterId` (GraceTHD), `mainProjectId` (OFDS).
 */
export interface ExchangeImportAnswer {
  standard: 'gracethd' | 'ofds';
  target: { projectId: number; clusterIds: number[]; name: string };
  report: ImportReportLine[];
  warnings: string[];
}

import type { ImportedLayer } from '@integration/contracts';
import type { FieldMapping } from './field-mapping.ts';
import type { LayerOutcome } from './import-run.ts';

/** What the user decided for one layer: which type (null: skip it), which template, which fields. */
export interface LayerPlan {
  layer: ImportedLayer;
  type: string | null;
  templateId: number | null;
  mapping: FieldMapping;
}

export interface ImportReportData {
  outcomes: LayerOutcome[];
  cancelled: boolean;
  notes: string[];
}

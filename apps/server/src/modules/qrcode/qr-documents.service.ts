import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { PerUserLimit } from '../../http/per-user-limit.ts';
import PDFDocument from 'pdfkit';
import {
  elementTypeByName,
  linkReach,
  tagCode,
  type LabelsFit,
  type Locale,
  type TagLinkBase,
} from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../i18n/translate.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { LABEL_LAYOUTS, type LabelLayoutId } from './documents/label-layouts.ts';
import {
  labelTextBox,
  pdfMeasure,
  printableText,
  writeLabelsPdf,
  type LabelContent,
} from './documents/labels-pdf.ts';
import { detailText, layoutLabelText } from './documents/label-text.ts';
import { writeTagsXlsx, type TagSheetRow } from './documents/tags-xlsx.ts';
import type { QrTemplatesService } from './qr-templates.service.ts';
import type { QrTemplateRecord } from './qr-templates.repository.ts';
import { qrTagsRepository, type QrTagDocumentRow } from './qr-tags.repository.ts';
import { tagLink } from './tag-link.ts';
import { detailName, elementTypeName, propertyName } from './tag-property-names.ts';

/** Tags read from the database a page at a time, so a document of any size streams. */
const PAGE = 1000;
/** Labels of one roll document (a page each); a longer run is printed in ranges. */
const ROLL_LABELS_MAX = 2000;

export interface DocumentAnswer {
  filename: string;
  mediaType: string;
  /** How many tags the document holds (the browser's progress). */
  count: number;
  stream: Readable;
}

export function createQrDocumentsService(
  db: Database,
  templates: QrTemplatesService,
  publicUrl: string,
) {
  async function* tags(templateId: number, from: number, to: number) {
    let after = from - 1;
    for (;;) {
      const rows = await qrTagsRepository.documentPage(db, templateId, after, PAGE, to);
      yield* rows;
      if (rows.length < PAGE) return;
      after = rows.at(-1)?.seq ?? after;
    }
  }

  /**
   * Writes the document into a stream the reply sends. A failure before the first byte (the
   * database gone, a bad template) is answered as an error in the envelope; one midway ends the
   * download (the browser sees it cut) rather than crashing anything; a closed socket stops the
   * writer.
   */
  async function streamed(
    write: (out: PassThrough, signal: AbortSignal) => Promise<void>,
  ): Promise<Readable> {
    const out = new PassThrough();
    const stop = new AbortController();
    out.on('close', () => stop.abort());
    const started = new Promise<void>((resolve) => {
      const firstWrite = out.write.bind(out);
      out.write = ((...args: Parameters<typeof out.write>) => {
        out.write = firstWrite;
        resolve();
        return firstWrite(...args);
      }) as typeof out.write;
    });
    const written = write(out, stop.signal);
    await Promise.race([started, written]);
    written.then(
      () => out.end(),
      (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return out;
  }

  const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');
  const documents = new PerUserLimit(2);
  const linkBase: TagLinkBase = { publicUrl, reach: linkReach(publicUrl) };

  /** A label's details as printed: property names in the reader's language. */
  const labelDetails = (template: QrTemplateRecord, locale: Locale) =>
    template.tagDetails.map((d) => ({
      property: d.property ? propertyName(d.property, locale) : '',
      value: d.value,
    }));

  /**
   * Holds one of the user's document slots (two at once) until the document is sent or its
   * download is cut: a third answers 429 at once rather than queue behind the first two.
   */
  function limited(user: UserRecord, make: () => Promise<DocumentAnswer>): Promise<DocumentAnswer> {
    return new Promise((resolve, reject) => {
      documents
        .run(user.id, async () => {
          const answer = await make();
          resolve(answer);
          await finished(answer.stream).catch(() => {});
        })
        .catch(reject);
    });
  }

  return {
    linkBase: () => linkBase,

    /**
     * What the labels of a template cannot print whole on `layout`, by the PDF's own rule and
     * metrics: its name, its details, and its longest code (the last one handed out).
     */
    async labelsFit(
      user: UserRecord,
      id: number,
      layout: LabelLayoutId,
      locale: Locale,
    ): Promise<LabelsFit> {
      const template = await templates.readable(user, id);
      const details = labelDetails(template, locale);
      const content = {
        code: tagCode(template.prefix, Math.max(template.index - 1, 1)),
        templateName: template.name,
        details,
      };
      const measure = pdfMeasure(new PDFDocument({ autoFirstPage: false }));
      const { cut } = layoutLabelText(
        measure,
        printableText(content),
        layout,
        labelTextBox(LABEL_LAYOUTS[layout]),
      );
      const notFitting = cut.map((part) => {
        if (part === 'code') return content.code;
        if (part === 'name') return content.templateName;
        const detail = details[Number(part.slice('detail:'.length))];
        return detail ? detailText(detail) : '';
      });
      return { layout, notFitting, link: linkBase };
    },

    labelsPdf: (
      user: UserRecord,
      id: number,
      query: { layout: LabelLayoutId; from?: number; to?: number; skip?: number },
      locale: Locale,
    ): Promise<DocumentAnswer> => limited(user, () => labelsPdf(user, id, query, locale)),

    tagsXlsx: (
      user: UserRecord,
      id: number,
      locale: Locale,
      timeZone = 'UTC',
    ): Promise<DocumentAnswer> => limited(user, () => tagsXlsx(user, id, locale, timeZone)),
  };

  async function labelsPdf(
    user: UserRecord,
    id: number,
    query: { layout: LabelLayoutId; from?: number; to?: number; skip?: number },
    locale: Locale,
  ): Promise<DocumentAnswer> {
    const template = await templates.readable(user, id);
    const from = query.from ?? 1;
    const to = query.to ?? template.index - 1;
    if (from > to) throw new AppError(400, 'VALIDATION_ERROR', 'qr.rangeInvalid');
    const perPage = LABEL_LAYOUTS[query.layout].perPage;
    const skip = query.skip ?? 0;
    if (skip >= perPage) {
      throw new AppError(400, 'VALIDATION_ERROR', 'qr.skipTooLarge', { max: perPage });
    }
    const count = Math.min(to, template.index - 1) - from + 1;
    // pdfkit keeps each page's dictionary to the end: one label a page grows with the count.
    if (query.layout === 'roll-50x30' && count > ROLL_LABELS_MAX) {
      throw new AppError(400, 'VALIDATION_ERROR', 'qr.rollTooLong', { max: ROLL_LABELS_MAX });
    }
    const details = labelDetails(template, locale);
    async function* labels(): AsyncGenerator<LabelContent> {
      for await (const tag of tags(id, from, to)) {
        yield {
          code: tag.code,
          link: tagLink(publicUrl, tag.code),
          templateName: template.name,
          details,
        };
      }
    }
    return {
      filename: `${template.name}-${stamp()}.pdf`,
      mediaType: 'application/pdf',
      count,
      stream: await streamed((out, signal) =>
        writeLabelsPdf(out, labels(), {
          layout: query.layout,
          skip,
          title: template.name,
          signal,
        }),
      ),
    };
  }

  async function tagsXlsx(
    user: UserRecord,
    id: number,
    locale: Locale,
    timeZone: string,
  ): Promise<DocumentAnswer> {
    const template = await templates.readable(user, id);
    const columns = template.tagDetails.map((d) => detailName(d, locale));
    const values = Object.fromEntries(
      template.tagDetails.map((d) => [detailName(d, locale), d.value]),
    );
    const elementType = elementTypeName(
      template.elementType,
      elementTypeByName(template.elementType)?.displayName ?? template.elementType,
      locale,
    );
    const row = (tag: QrTagDocumentRow): TagSheetRow => ({
      code: tag.code,
      link: tagLink(publicUrl, tag.code),
      template: template.name,
      elementType,
      cluster: template.clusterName,
      details: values,
      scanned: tag.scanned,
      scannedAt: tag.scannedAt,
      scannedBy: tag.scannedBy,
      elementName: tag.elementName,
      lat: tag.lat,
      lng: tag.lng,
    });
    async function* rows(): AsyncGenerator<TagSheetRow> {
      for await (const tag of tags(id, 1, template.index - 1)) yield row(tag);
    }
    const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
    return {
      filename: `${template.name}-${stamp()}.xlsx`,
      mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      count: template.noOfTags,
      stream: await streamed((out) =>
        writeTagsXlsx(
          out,
          columns,
          rows(),
          {
            code: t('qr.sheet.code'),
            link: t('qr.sheet.link'),
            template: t('qr.sheet.template'),
            elementType: t('qr.sheet.elementType'),
            cluster: t('qr.sheet.cluster'),
            scanned: t('qr.sheet.scanned'),
            scannedAt: t('qr.sheet.scannedAt'),
            scannedBy: t('qr.sheet.scannedBy'),
            element: t('qr.sheet.element'),
            latitude: t('qr.sheet.latitude'),
            longitude: t('qr.sheet.longitude'),
            yes: t('qr.sheet.yes'),
            no: t('qr.sheet.no'),
            sheetName: t('qr.sheet.name'),
          },
          timeZone,
        ),
      ),
    };
  }
}

export type QrDocumentsService = ReturnType<typeof createQrDocumentsService>;

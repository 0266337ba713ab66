import { pdfBytes } from '../../documents/pdf-bytes.ts';
import PDFDocument from 'pdfkit';
import type { Bom, Locale } from '@integration/contracts';
import { LABEL_FONTS, winAnsiText } from '../qrcode/documents/pdf-fonts.ts';
import { bomLabels } from './bom-labels.ts';

const MARGIN = 36;
const ROW = 16;
/** Column shares of the page width: item, spec, placement, quantity, unit price, total, built. */
const SHARES = [0.2, 0.1, 0.12, 0.13, 0.15, 0.16, 0.14];

/** A bill as an A4 landscape PDF: a line a row (continued across pages), then the totals. */
export async function bomPdf(bom: Bom, locale: Locale, madeAt: string): Promise<Buffer> {
  const words = bomLabels(bom, locale);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: words.title },
  });
  const bytes = pdfBytes(doc);
  const width = doc.page.width - 2 * MARGIN;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const text = (s: string) => winAnsiText(s);

  doc.font(LABEL_FONTS.bold).fontSize(16).text(text(words.title));
  doc.font(LABEL_FONTS.regular).fontSize(9).fillColor('#555');
  doc
    .text(text(`${words.t('costs.sheet.madeAt')} ${madeAt}`))
    .fillColor('#000')
    .moveDown();

  const row = (cells: string[], bold: boolean) => {
    if (doc.y + ROW > doc.page.height - MARGIN) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? LABEL_FONTS.bold : LABEL_FONTS.regular).fontSize(9);
    cells.forEach((cell, i) => {
      const w = (SHARES[i] ?? 0.1) * width;
      doc.text(text(cell), x, y, {
        width: w - 6,
        height: ROW,
        ellipsis: true,
        lineBreak: false,
        align: i < 3 ? 'left' : 'right',
      });
      x += w;
    });
    doc
      .moveTo(MARGIN, y + ROW - 3)
      .lineTo(MARGIN + width, y + ROW - 3)
      .strokeColor('#ddd')
      .stroke();
    doc.y = y + ROW;
  };
  const c = words.columns;
  row([c.item, c.spec, c.placement, c.quantity, c.unitPrice, c.total, c.builtTotal], true);
  for (const l of bom.lines) {
    row(
      [
        words.item(l),
        words.spec(l),
        words.placement(l),
        `${number.format(l.quantity)} ${words.unit(l)}`,
        words.money(l.unitPrice),
        l.total === null ? '' : words.money(l.total),
        l.built.total === null ? '' : words.money(l.built.total),
      ],
      false,
    );
  }
  doc.moveDown();
  for (const total of words.totals) {
    row(
      [total.label, '', '', '', '', total.value === null ? '' : words.money(total.value), ''],
      true,
    );
  }
  for (const homes of words.homes) {
    row([homes.label, '', '', number.format(homes.value), '', '', ''], false);
  }
  doc.x = MARGIN;
  for (const note of words.notes) {
    doc.font(LABEL_FONTS.regular).fontSize(8).fillColor('#555').text(text(note), MARGIN);
  }
  doc.end();
  return bytes;
}

import { pdfBytes } from '../../documents/pdf-bytes.ts';
import PDFDocument from 'pdfkit';
import {
  ELEMENT_TYPES,
  type EnclosureCable,
  type EnclosurePlan,
  type Fibre,
  type FibreColour,
  type FibreEnd,
  type Locale,
} from '@integration/contracts';
import { translate } from '../../i18n/translate.ts';
import type { MessageKey } from '../../i18n/messages.en.ts';
import { LABEL_FONTS, winAnsiText } from '../qrcode/documents/pdf-fonts.ts';

/*
 * The splice diagram of one enclosure (issue 26), for the crew in the closure: the cables on the
 * left, each fibre a row with its tube's and its own colour and number; splitters and ports on
 * the right; each connection made here a line from row to row. Vector only (pdfkit's standard
 * fonts, not embedded), so it zooms on a phone and prints sharp.
 *
 * The diagram is one tall page, as long as its rows need: a line must not break across pages.
 * The trays and the list of connections follow on A4 pages.
 */

const MARGIN = 36;
const WIDTH = 842; // A4 landscape
const ROW = 10;
const HEADER = 16;
const GAP = 8;
const LEFT_X = MARGIN;
const LEFT_ANCHOR = 300;
const RIGHT_X = 560;
/** A PDF page is at most 200 inches long. */
const PAGE_MAX = 14_400;

interface Anchor {
  x: number;
  y: number;
  /** Which way its line leaves: right (+1) from a cable's row, left (-1) from a splitter's. */
  side: 1 | -1;
  /** What lies on the other side, for a line whose other end is not drawn here. */
  to: string;
}

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

const dash = (s: string) => winAnsiText(s);

function swatch(doc: PDFKit.PDFDocument, x: number, y: number, colour: FibreColour): void {
  doc.rect(x, y, 8, 7).fillAndStroke(colour.hex, '#444');
  // Positions 13–24: a stripe (TIA-598-C) or a ring (GraceTHD) across the colour.
  if (colour.stripe) doc.rect(x + 3, y, 2, 7).fill(colour.stripe);
}

/** The end of a fibre that lies in this enclosure, if any (a through cable may have two). */
function endsHere(plan: EnclosurePlan, fibre: Fibre): FibreEnd[] {
  const { elementId, centralOfficeId } = plan.enclosure;
  return [fibre.ends.a, fibre.ends.b].filter(
    (end): end is FibreEnd =>
      end !== null &&
      end.enclosure.elementId === elementId &&
      end.enclosure.centralOfficeId === centralOfficeId,
  );
}

function cableHeight(cable: EnclosureCable): number {
  return HEADER + cable.fibres.length * ROW + GAP;
}

export function spliceDiagramPdf(
  plan: EnclosurePlan,
  locale: Locale,
  printedAt: string,
): Promise<Buffer> {
  const tr: Translate = (key, vars) => translate(locale, key, vars);
  const rightRows =
    plan.splitters.reduce((n, s) => n + HEADER + s.legs.length * ROW + GAP, 0) +
    (plan.ports.length ? HEADER + plan.ports.length * ROW : 0);
  const leftRows = plan.cables.reduce((n, c) => n + cableHeight(c), 0);
  const top = MARGIN + 64;
  const height = Math.min(PAGE_MAX, Math.max(595, top + Math.max(leftRows, rightRows) + MARGIN));

  const doc = new PDFDocument({
    size: [WIDTH, height],
    margin: MARGIN,
    info: { Title: tr('fibredocs.title', { name: plan.enclosure.name }) },
  });
  const bytes = pdfBytes(doc);
  const text = (s: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(dash(s), x, y, { lineBreak: false, ...options });

  const typeName =
    ELEMENT_TYPES.find((t) => t.internalName === plan.enclosure.type)?.displayName ??
    plan.enclosure.type;
  doc.font(LABEL_FONTS.bold).fontSize(16).fillColor('#000');
  text(tr('fibredocs.title', { name: plan.enclosure.name }), MARGIN, MARGIN);
  doc.font(LABEL_FONTS.regular).fontSize(9).fillColor('#555');
  text(
    tr('fibredocs.subtitle', { type: typeName, scheme: plan.colourScheme, date: printedAt }),
    MARGIN,
    MARGIN + 22,
  );
  text(tr('fibredocs.legend'), MARGIN, MARGIN + 36, { width: WIDTH - 2 * MARGIN });
  if (!plan.cables.length && !plan.splitters.length && !plan.ports.length)
    text(tr('fibredocs.nothing'), MARGIN, top);

  const anchors = new Map<number, Anchor[]>();
  const anchor = (connectionId: number | null, a: Anchor) => {
    if (connectionId === null) return;
    anchors.set(connectionId, [...(anchors.get(connectionId) ?? []), a]);
  };

  // Cables on the left: a header, then a row a fibre with its tube's colour, its own, its number.
  let y = top;
  for (const cable of plan.cables) {
    doc.font(LABEL_FONTS.bold).fontSize(9).fillColor('#000');
    text(
      tr('fibredocs.cable', {
        name: cable.name,
        count: cable.fibreCount,
        tubes: cable.tubes,
        perTube: cable.fibresPerTube,
      }),
      LEFT_X,
      y,
    );
    doc.font(LABEL_FONTS.regular).fontSize(7).fillColor('#555');
    text(tr(`fibredocs.cableEnd.${cable.end}`), LEFT_X, y + 9);
    y += HEADER;
    for (const fibre of cable.fibres) {
      if (fibre.position === 1) {
        doc.font(LABEL_FONTS.regular).fontSize(6).fillColor('#000');
        text(tr('fibredocs.tube', { number: fibre.tube }), LEFT_X, y + 1);
      }
      swatch(doc, LEFT_X + 34, y + 1, fibre.tubeColour);
      swatch(doc, LEFT_X + 46, y + 1, fibre.colour);
      doc.font(LABEL_FONTS.regular).fontSize(7).fillColor('#000');
      const status =
        fibre.status === 'reserved' || fibre.status === 'faulty'
          ? ` (${tr(`fibredocs.status.${fibre.status}`)})`
          : '';
      text(
        tr('fibredocs.fibre', { number: fibre.number, colour: fibre.colour.name }) + status,
        LEFT_X + 58,
        y + 1.5,
      );
      for (const end of endsHere(plan, fibre))
        anchor(end.connectionId, { x: LEFT_ANCHOR, y: y + ROW / 2, side: 1, to: end.to });
      doc
        .moveTo(LEFT_X + 150, y + ROW / 2)
        .lineTo(LEFT_ANCHOR, y + ROW / 2)
        .lineWidth(0.2)
        .stroke('#ccc');
      y += ROW;
    }
    y += GAP;
  }

  // Splitters and ports on the right, a row a leg or port.
  y = top;
  for (const splitter of plan.splitters) {
    doc.font(LABEL_FONTS.bold).fontSize(9).fillColor('#000');
    text(
      tr('fibredocs.splitter', {
        name: splitter.name,
        ratio: splitter.ratio,
        loss: splitter.lossDb,
      }),
      RIGHT_X,
      y,
    );
    y += HEADER;
    for (const leg of splitter.legs) {
      doc.font(LABEL_FONTS.regular).fontSize(7).fillColor('#000');
      text(
        leg.leg === 0 ? tr('fibredocs.splitterIn') : tr('fibredocs.splitterOut', { leg: leg.leg }),
        RIGHT_X + 8,
        y + 1.5,
      );
      doc.circle(RIGHT_X + 3, y + ROW / 2, 1.5).fill(leg.leg === 0 ? '#000' : '#777');
      anchor(leg.connectionId, { x: RIGHT_X, y: y + ROW / 2, side: -1, to: leg.joinedTo ?? '' });
      y += ROW;
    }
    y += GAP;
  }
  if (plan.ports.length) {
    doc.font(LABEL_FONTS.bold).fontSize(9).fillColor('#000');
    text(tr('fibredocs.ports'), RIGHT_X, y);
    y += HEADER;
    for (const port of plan.ports) {
      doc.font(LABEL_FONTS.regular).fontSize(7).fillColor('#000');
      text(tr('fibredocs.port', { panel: port.panel, number: port.number }), RIGHT_X + 8, y + 1.5);
      for (const side of [port.back, port.front])
        anchor(side.connectionId, {
          x: RIGHT_X,
          y: y + ROW / 2,
          side: -1,
          to: side.joinedTo ?? '',
        });
      y += ROW;
    }
  }

  // Connections: a curve between two rows drawn here; a stub and a label for one whose other
  // side is elsewhere (a cable not ending on this enclosure).
  doc.lineWidth(0.7);
  for (const [, ends] of anchors) {
    const [a, b] = ends;
    if (!a) continue;
    if (b) {
      const bend = a.side === b.side ? 40 + Math.abs(a.y - b.y) / 20 : (RIGHT_X - LEFT_ANCHOR) / 2;
      doc
        .moveTo(a.x, a.y)
        .bezierCurveTo(a.x + a.side * bend, a.y, b.x + b.side * bend, b.y, b.x, b.y)
        .stroke('#1a1a1a');
    } else {
      const x = a.x + a.side * 24;
      doc.moveTo(a.x, a.y).lineTo(x, a.y).stroke('#1a1a1a');
      doc.font(LABEL_FONTS.regular).fontSize(6).fillColor('#333');
      if (a.side === 1) text(a.to, x + 2, a.y - 3, { width: RIGHT_X - x - 30, ellipsis: true });
      else
        text(a.to, LEFT_ANCHOR + 6, a.y - 3, {
          width: x - LEFT_ANCHOR - 8,
          align: 'right',
          ellipsis: true,
        });
    }
  }

  // Trays and the connections in words, on A4 pages that flow.
  doc.addPage({ size: 'A4', margin: MARGIN });
  doc
    .font(LABEL_FONTS.bold)
    .fontSize(12)
    .fillColor('#000')
    .text(dash(tr('fibredocs.trays')));
  doc.font(LABEL_FONTS.regular).fontSize(9);
  for (const tray of plan.trays)
    doc.text(
      dash(tr('fibredocs.tray', { number: tray.number, used: tray.used, capacity: tray.capacity })),
    );
  doc.moveDown();
  doc
    .font(LABEL_FONTS.bold)
    .fontSize(12)
    .text(dash(tr('fibredocs.connections', { count: plan.connections.length })));
  doc.font(LABEL_FONTS.regular).fontSize(8);
  const trayNumber = new Map(plan.trays.map((t) => [t.id, t.number]));
  for (const c of plan.connections) {
    const tray = c.trayId !== null ? trayNumber.get(c.trayId) : undefined;
    const vars = {
      kind: tr(`fibredocs.kind.${c.kind}`),
      from: c.from,
      to: c.to,
      loss: c.measuredLossDb ?? c.lossDb,
    };
    doc.text(
      dash(
        tray === undefined
          ? tr('fibredocs.connection', vars)
          : tr('fibredocs.connectionInTray', { ...vars, tray }),
      ),
    );
  }
  doc.end();
  return bytes;
}

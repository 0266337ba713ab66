import type { Row } from '../gracethd-tables.ts';
import type { PlannedHolder, PlannedTerminal } from '../gracethd-plan.ts';
import { parseComment, text } from './rows.ts';
import type { PlanContext } from './context.ts';

/** Joints: ours from the positions' comments; foreign splices and passages between cable ends. */
export function planJoints(p: PlanContext): void {
  const {
    prefix,
    table,
    plan,
    skip,
    mapped,
    note,
    holderOfBp,
    nodeOfElement,
    ours,
    cableOfSegment,
    cassettes,
    fibreOf,
    cableRows,
  } = p;
  // Joints: ours from the comment's terminals; a foreign splice between two cable ends.
  const cablesByOldId = new Map(plan.cables.map((c) => [c.key, c]));
  const parseTerminal = (value: string, position: Row): PlannedTerminal | null => {
    const [head = '', ...rest] = value.split('/');
    const id = head.slice(1);
    if (head.startsWith('F')) {
      const [number, end, along, faces] = rest;
      if (end !== 'a' && end !== 'b' && end !== 'm') return null;
      return {
        fibre: {
          cable: `CBL${id}`,
          number: Number(number),
          end,
          ...(end === 'm' ? { along: Number(along), faces: faces === 'a' ? 'a' : 'b' } : {}),
        },
      };
    }
    if (head.startsWith('S')) return { splitter: `${prefix}CS-S${id}`, leg: Number(rest[0]) };
    if (head.startsWith('P'))
      return {
        port: {
          tiroir: text(position, 'ps_ti_code'),
          number: Number(position.ps_numero),
          kind: rest[0] ?? '',
        },
      };
    return null;
  };
  const foreignTerminal = (
    fibreCode: string,
    holderNode: string | null,
  ): PlannedTerminal | null => {
    const fibre = fibreOf.get(fibreCode);
    if (!fibre) return null;
    const segment = text(fibre, 'fo_cb_code');
    const cable = cableOfSegment.get(segment);
    if (!cable) return null;
    const row = cableRows.get(segment);
    const end = holderNode && text(row, 'cb_nd2') === holderNode ? 'b' : 'a';
    return { fibre: { cable, number: Number(fibre.fo_nincab), end } };
  };
  const nodeOfHolder = (holder: PlannedHolder | undefined) => {
    if (!holder || 'office' in holder) return null;
    // Foreign sites and supports are keyed by their node's code already.
    return nodeOfElement.get(holder.element) ?? holder.element;
  };
  const own = [...ours.values()].some((segments) => segments[0]?.comment.has('cable'));
  for (const ps of table('t_position')) {
    const fonct = text(ps, 'ps_fonct');
    if (fonct === 'PA' && own) {
      // A passage: the fibre runs on through the node (our cable is whole again).
      note('t_position', 'exchange.note.passage');
      continue;
    }
    if (fonct !== 'EP' && fonct !== 'CO' && fonct !== 'PA') {
      skip('t_position', 'exchange.note.positionKind');
      continue;
    }
    const cassette = cassettes.get(text(ps, 'ps_cs_code'));
    const tiroir = text(ps, 'ps_ti_code');
    const panel = plan.panels.find((p) => p.code === tiroir);
    const holder = cassette ? holderOfBp.get(text(cassette, 'cs_bp_code')) : panel?.holder;
    if (!holder) {
      skip('t_position', 'exchange.note.positionNoHolder');
      continue;
    }
    const comment = parseComment(ps.ps_comment);
    let a: PlannedTerminal | null;
    let b: PlannedTerminal | null;
    if (comment.has('a') && comment.has('b')) {
      a = parseTerminal(comment.get('a') ?? '', ps);
      b = parseTerminal(comment.get('b') ?? '', ps);
      for (const side of [a, b])
        if (side && 'fibre' in side && !cablesByOldId.has(side.fibre.cable)) a = b = null;
    } else {
      const node = nodeOfHolder(holder);
      a = foreignTerminal(text(ps, 'ps_1'), node);
      b = foreignTerminal(text(ps, 'ps_2'), node);
    }
    if (!a || !b) {
      skip('t_position', 'exchange.note.positionUnresolved');
      continue;
    }
    // A foreign passage joins its two segments' fibres: a splice that loses nothing.
    const loss = fonct === 'PA' ? '0' : comment.get('loss');
    plan.joints.push({
      kind: comment.get('kind') === 'connector' || fonct === 'CO' ? 'connector' : 'splice',
      holder,
      tray: cassette && text(cassette, 'cs_type') === 'E' ? text(cassette, 'cs_code') : null,
      a,
      b,
      lossDb: loss !== undefined && loss !== '' ? Number(loss) : null,
    });
    mapped('t_position');
  }
}

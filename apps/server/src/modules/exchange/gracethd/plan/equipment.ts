import { parseComment, text } from './rows.ts';
import type { PlanContext } from './context.ts';

/** Enclosures' trays and splitters (t_cassette) and sites' patch panels (t_tiroir). */
export function planEquipment(p: PlanContext): void {
  const {
    table,
    plan,
    skip,
    mapped,
    note,
    ltech,
    holderOfBp,
    siteHolder,
    fibresByCable,
    cassettes,
    baies,
  } = p;
  // Trays (E), splitters (S); passages (P) are nothing of ours.
  for (const [code, cs] of cassettes) {
    const holder = holderOfBp.get(text(cs, 'cs_bp_code'));
    const kind = text(cs, 'cs_type');
    if (kind === 'P') {
      note('t_cassette', 'exchange.note.passage');
      continue;
    }
    if (!holder) {
      skip('t_cassette', 'exchange.note.cassetteNoHolder');
      continue;
    }
    const comment = parseComment(cs.cs_comment);
    if (kind === 'E') {
      plan.trays.push({
        code,
        holder,
        capacity: Number(comment.get('capacity') ?? cs.cs_nb_pas ?? 12) || 12,
        number: Number(cs.cs_num ?? 0),
      });
      mapped('t_cassette');
    } else if (kind === 'S') {
      const legs = (fibresByCable.get(code.replace(/CS-S/, 'CB-S')) ?? []).length - 1;
      const ratio = comment.get('ratio') ?? (legs > 0 ? `1:${legs}` : '1:8');
      plan.splitters.push({ code, holder, ratio, name: comment.get('name') ?? null });
      mapped('t_cassette');
    } else skip('t_cassette', 'exchange.note.cassetteKind');
  }
  plan.trays.sort((x, y) => x.number - y.number);

  // Patch panels: a tiroir in a bay of a site.
  for (const ti of table('t_tiroir')) {
    const baie = baies.get(text(ti, 'ti_ba_code'));
    const lt = baie ? ltech.get(text(baie, 'ba_lt_code')) : undefined;
    const holder = lt ? siteHolder(text(lt, 'lt_st_code')) : null;
    if (!holder) {
      skip('t_tiroir', 'exchange.note.panelNoSite');
      continue;
    }
    const comment = parseComment(ti.ti_comment);
    const numbers = table('t_position')
      .filter((p) => text(p, 'ps_ti_code') === text(ti, 'ti_code'))
      .map((p) => Number(p.ps_numero) || 0);
    plan.panels.push({
      code: text(ti, 'ti_code'),
      holder,
      kind: comment.get('kind') === 'olt' ? 'olt' : 'patch',
      panel: comment.get('panel') ?? (text(ti, 'ti_etiquet') || text(ti, 'ti_code')),
      ports: Number(comment.get('ports')) || Math.max(0, ...numbers),
    });
    mapped('t_tiroir');
  }
}

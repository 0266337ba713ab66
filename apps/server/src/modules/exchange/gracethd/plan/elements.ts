import type { ElementTypeName } from '@integration/contracts';
import { parseKey } from '../gracethd-codes.ts';
import { parseComment, text, POLE_TYPE } from './rows.ts';
import type { PlanContext } from './context.ts';

/** Elements at nodes: our own (typed by their codes), foreign supports and sites, enclosures, homes. */
export function planElements(p: PlanContext): void {
  const {
    keyOf,
    table,
    plan,
    skip,
    mapped,
    nodes,
    ptech,
    sites,
    ltech,
    ebps,
    attributesOf,
    homesDone,
    ownNode,
    holderOfBp,
    nodeOfElement,
    siteHolder,
    addresses,
  } = p;
  // Our own nodes: supports, loops, cabinets, homes (enclosures come from t_ebp).
  for (const [code, node] of nodes) {
    const key = keyOf(code, 'ND');
    const parsed = key ? parseKey(key) : null;
    if (parsed?.type === 'office') {
      plan.officePlace = node.at;
      mapped('t_noeud');
      continue;
    }
    if (parsed && ['Pole', 'Manhole', 'Loop', 'FDTSRO', 'SFU', 'Building'].includes(parsed.type)) {
      plan.elements.push({
        key: key ?? code,
        type: parsed.type as ElementTypeName,
        name: text(node.row, 'nd_nom'),
        at: node.at,
        attributes: attributesOf(parseComment(node.row.nd_comment)),
      });
      if (parsed.type === 'SFU' || parsed.type === 'Building') homesDone.add(code);
      mapped('t_noeud');
    }
  }
  // Foreign supports and sites: a node with a t_ptech (A pole, C manhole) or a t_sitetech.
  for (const [code, pt] of ptech) {
    const nodeCode = text(pt, 'pt_nd_code');
    const node = nodes.get(nodeCode);
    if (!node || ownNode(nodeCode)) continue;
    const kind = text(pt, 'pt_typephy');
    if (kind !== 'A' && kind !== 'C') {
      skip('t_ptech', 'exchange.note.supportKind');
      continue;
    }
    plan.elements.push({
      key: nodeCode,
      type: kind === 'A' ? 'Pole' : 'Manhole',
      name: text(pt, 'pt_etiquet') || text(node.row, 'nd_nom'),
      at: node.at,
      attributes:
        kind === 'A' && POLE_TYPE[text(pt, 'pt_nature')]
          ? { Type: POLE_TYPE[text(pt, 'pt_nature')] }
          : {},
    });
    void code;
    mapped('t_ptech');
  }
  for (const [, site] of sites) {
    const nodeCode = text(site, 'st_nd_code');
    const node = nodes.get(nodeCode);
    if (!node || ownNode(nodeCode)) continue;
    const logical = text(site, 'st_typelog');
    if (logical === 'NRO') plan.officePlace ??= node.at;
    else if (logical === 'SRO' || logical === 'SROL')
      plan.elements.push({
        key: nodeCode,
        type: 'FDTSRO',
        name: text(site, 'st_nom'),
        at: node.at,
        attributes: {},
      });
    else skip('t_sitetech', 'exchange.note.siteKind');
  }

  // Enclosures: PBO → PBO-FAT, BPE on a support → splice closure; a BPE in a site holds the
  // site's trays and splitters; PTOs are the homes'.
  for (const [code, bp] of ebps) {
    const logical = text(bp, 'bp_typelog');
    if (text(bp, 'bp_lt_code')) {
      const lt = ltech.get(text(bp, 'bp_lt_code'));
      const holder = lt ? siteHolder(text(lt, 'lt_st_code')) : null;
      if (holder) holderOfBp.set(code, holder);
      continue;
    }
    if (logical === 'PTO' || logical === 'DTI') continue;
    const pt = ptech.get(text(bp, 'bp_pt_code'));
    const node = pt ? nodes.get(text(pt, 'pt_nd_code')) : undefined;
    const comment = parseComment(bp.bp_comment);
    const at = comment.get('at')?.split(',').map(Number);
    const place =
      at && at.length === 2 && at.every(Number.isFinite)
        ? { lng: at[0] ?? 0, lat: at[1] ?? 0 }
        : node?.at;
    if (!place) {
      skip('t_ebp', 'exchange.note.enclosureNoPlace');
      continue;
    }
    const key = keyOf(code, 'BP');
    const parsed = key ? parseKey(key) : null;
    const type: ElementTypeName =
      parsed?.type === 'PboFat' || parsed?.type === 'SpliceClosure'
        ? parsed.type
        : logical === 'PBO'
          ? 'PboFat'
          : 'SpliceClosure';
    const elementKey = parsed ? (key ?? code) : code;
    const attributes = attributesOf(comment);
    const place2 = comment.get('Place');
    if (place2) attributes['Place of Installation'] = place2;
    plan.elements.push({
      key: elementKey,
      type,
      name: text(bp, 'bp_etiquet'),
      at: place,
      attributes,
    });
    holderOfBp.set(code, { element: elementKey });
    if (pt) nodeOfElement.set(elementKey, text(pt, 'pt_nd_code'));
    mapped('t_ebp');
  }

  // Homes of foreign deliveries: t_suf at its node, typed by its address.
  for (const suf of table('t_suf')) {
    const nodeCode = text(suf, 'sf_nd_code');
    if (homesDone.has(nodeCode)) {
      mapped('t_suf');
      continue;
    }
    const node = nodes.get(nodeCode);
    if (!node) {
      skip('t_suf', 'exchange.note.homeNoNode');
      continue;
    }
    const address = addresses.get(text(suf, 'sf_ad_code'));
    const single = text(address, 'ad_itypeim') === 'P';
    plan.elements.push({
      key: nodeCode,
      type: single ? 'SFU' : 'Building',
      name: text(node.row, 'nd_nom'),
      at: node.at,
      attributes: single ? { Type: 'Single family' } : {},
    });
    mapped('t_suf');
  }
}

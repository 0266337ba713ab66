import { parseKey } from '../gracethd-codes.ts';
import type { DeliveryRows } from '../gracethd-read.ts';
import type { Row } from '../gracethd-tables.ts';
import type { ImportPlan, LatLng, PlannedHolder } from '../gracethd-plan.ts';
import { text, codePrefix, ATTRIBUTES } from './rows.ts';

/**
 * What every part of an import's plan reads (gracethd-plan.ts runs them in order): the delivery's
 * tables by code, the report's counters, and the maps one part leaves for the next (enclosures'
 * holders, our cables' segments).
 */
export function createPlan(rows: DeliveryRows) {
  const prefix = codePrefix(rows);
  const keyOf = (code: string, tag: string) =>
    code.startsWith(`${prefix}${tag}-`) ? code.slice(prefix.length + tag.length + 1) : null;
  const table = (name: string) => rows.tables.get(name) ?? [];
  const geometry = (name: string, i: number) => rows.geometries.get(name)?.[i] ?? null;
  const plan: ImportPlan = {
    elements: [],
    cables: [],
    trays: [],
    splitters: [],
    panels: [],
    joints: [],
    officePlace: null,
    report: new Map(),
  };
  const line = (name: string) => {
    let entry = plan.report.get(name);
    if (!entry)
      plan.report.set(
        name,
        (entry = { read: table(name).length, mapped: 0, skipped: 0, notes: new Map() }),
      );
    return entry;
  };
  const skip = (name: string, note: string) => {
    const entry = line(name);
    entry.skipped++;
    entry.notes.set(note, (entry.notes.get(note) ?? 0) + 1);
  };
  const mapped = (name: string) => line(name).mapped++;
  const note = (name: string, key: string) => {
    const entry = line(name);
    entry.mapped++;
    entry.notes.set(key, (entry.notes.get(key) ?? 0) + 1);
  };

  // Nodes and their places.
  const nodes = new Map<string, { at: LatLng; row: Row }>();
  table('t_noeud').forEach((row, i) => {
    const point = geometry('t_noeud', i);
    const coordinates = point?.type === 'Point' ? (point.coordinates as number[]) : null;
    if (!coordinates) return;
    nodes.set(text(row, 'nd_code'), {
      at: { lng: coordinates[0] ?? 0, lat: coordinates[1] ?? 0 },
      row,
    });
  });
  const ptech = new Map(table('t_ptech').map((r) => [text(r, 'pt_code'), r]));
  const sites = new Map(table('t_sitetech').map((r) => [text(r, 'st_code'), r]));
  const ltech = new Map(table('t_ltech').map((r) => [text(r, 'lt_code'), r]));
  const ebps = new Map(table('t_ebp').map((r) => [text(r, 'bp_code'), r]));
  const attributesOf = (comment: Map<string, string>) => {
    const attributes: Record<string, unknown> = {};
    for (const name of ATTRIBUTES) {
      const value = comment.get(name);
      if (value !== undefined)
        attributes[name] = ['Height', 'Floors', 'Length'].includes(name) ? Number(value) : value;
    }
    return attributes;
  };

  const homesDone = new Set<string>();
  const ownNode = (code: string) => Boolean(keyOf(code, 'ND') && parseKey(keyOf(code, 'ND') ?? ''));
  const holderOfBp = new Map<string, PlannedHolder>();
  /** The node each enclosure stands on: a foreign splice's fibre ends are found from it. */
  const nodeOfElement = new Map<string, string>();
  const siteHolder = (siteCode: string): PlannedHolder | null => {
    const site = sites.get(siteCode);
    if (!site) return null;
    const key = keyOf(siteCode, 'ST');
    if (key && parseKey(key)?.type === 'office') return { office: true };
    if (text(site, 'st_typelog') === 'NRO') return { office: true };
    return { element: key && parseKey(key) ? key : text(site, 'st_nd_code') };
  };
  const addresses = new Map(table('t_adresse').map((r) => [text(r, 'ad_code'), r]));
  const lines = new Map<string, number[][]>();
  const fibresByCable = new Map<string, Row[]>();
  const ours = new Map<string, { index: number; row: Row; comment: Map<string, string> }[]>();
  const cableOfSegment = new Map<string, string>();
  const cassettes = new Map(table('t_cassette').map((r) => [text(r, 'cs_code'), r]));
  const baies = new Map(table('t_baie').map((r) => [text(r, 'ba_code'), r]));
  const fibreOf = new Map(table('t_fibre').map((r) => [text(r, 'fo_code'), r]));
  const cableRows = new Map(table('t_cable').map((r) => [text(r, 'cb_code'), r]));
  return {
    prefix,
    keyOf,
    table,
    geometry,
    plan,
    line,
    skip,
    mapped,
    note,
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
    lines,
    fibresByCable,
    ours,
    cableOfSegment,
    cassettes,
    baies,
    fibreOf,
    cableRows,
    rows,
  };
}

export type PlanContext = ReturnType<typeof createPlan>;

import { describe, expect, it } from 'vitest';
import { OFDS_NETWORK_SCHEMA_ID } from './ofds-model.ts';
import { hasOfdsSchema, ofdsExample } from './ofds-test-support.ts';
import { checkOfdsPackage, structuralProblems } from './ofds-validator.ts';

/** The server's OFDS checks: the schema's verdicts, in linear time on large packages. */

const network = (nodes: object[]) => ({
  networks: [
    {
      id: '0a2b6c1e-5d4f-4a3b-9c8d-7e6f5a4b3c2d',
      links: [{ rel: 'describedby', href: OFDS_NETWORK_SCHEMA_ID }],
      nodes,
    },
  ],
});

describe('OFDS validation', () => {
  it.skipIf(!hasOfdsSchema)("passes the standard's valid example with the schema", async () => {
    const checked = await checkOfdsPackage(JSON.parse(ofdsExample('network-package.json')));
    expect(checked).toEqual({ problems: [], schema: true });
  });

  it('checks 100,000 nodes in linear time (uniqueItems without comparing every pair)', async () => {
    const nodes = Array.from({ length: 100_000 }, (_, i) => ({
      id: `N${i}`,
      location: { type: 'Point', coordinates: [36 + i * 1e-6, -1] },
      networkProviders: [{ id: 'C1', name: 'Client' }],
    }));
    const started = performance.now();
    expect((await checkOfdsPackage(network(nodes))).problems).toEqual([]);
    expect(performance.now() - started).toBeLessThan(10_000);

    nodes.push({
      ...(nodes[5] as (typeof nodes)[number]),
      networkProviders: [{ name: 'Client', id: 'C1' }],
    });
    const { problems } = await checkOfdsPackage(network(nodes));
    const lines = problems.map((p) => `${p.path} ${p.message ?? p.key}`);
    if (hasOfdsSchema)
      expect(lines).toContain(
        '/networks/0/nodes must NOT have duplicate items (items ## 100000 and 5 are identical)',
      );
    expect(lines).toContain('/networks/0/nodes/100000/id exchange.ofdsDuplicateId');
  });

  it('refuses depth and sizes before anything else', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 60; i++) deep = [deep];
    expect(structuralProblems({ networks: [{ id: 'x', extra: deep }] })[0]).toMatchObject({
      key: 'exchange.ofdsTooDeep',
    });
    expect(
      structuralProblems({
        networks: [{ id: 'x', phases: Array.from({ length: 10_001 }, () => 1) }],
      })[0],
    ).toMatchObject({ path: '/networks/0/phases', key: 'exchange.ofdsTooMany' });
  });
});

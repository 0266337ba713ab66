import { describe, expect, it } from 'vitest';
import type { Project } from '@integration/contracts';
import { cluster, get, ids, planner, update, useClustersApp } from './clusters.fixtures.ts';

useClustersApp();

describe('POST /api/clusters/cluster/update/:id', () => {
  it('lets a planner assigned to the cluster change its naming convention', async () => {
    const convention = { prefix: 'WST', pattern: '{cluster}-{type}-{seq:3}' };
    const response = await update(ids.wst01, { namingConvention: convention }, planner);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      namingConvention: convention,
      projectPhase: 'In-Progress',
    });
    expect((await cluster(ids.wst01, planner)).namingConvention).toEqual(convention);
    // The change puts the project first in the planner's list.
    const projects = (await get('/api/projects/platforms', planner)).json<{ data: Project[] }>()
      .data;
    expect(projects[0]?.id).toBe(ids.westlands);
  });

  it('accepts an empty prefix', async () => {
    const convention = { prefix: '', pattern: '{type}{seq}' };
    const response = await update(ids.cbd01, { namingConvention: convention });
    expect(response.statusCode).toBe(200);
    expect((await cluster(ids.cbd01)).namingConvention).toEqual(convention);
  });

  it.each([
    [
      'a pattern without {seq}',
      { prefix: 'NBO', pattern: '{prefix}-{type}' },
      "'namingConvention.pattern'",
    ],
    ['an unknown token', { prefix: 'NBO', pattern: '{seq}-{owner}' }, "'namingConvention.pattern'"],
    ['a prefix with a space', { prefix: 'N BO', pattern: '{seq}' }, "'namingConvention.prefix'"],
    ['no pattern', { prefix: 'NBO' }, "'namingConvention.pattern' is required."],
  ])(
    'refuses %s with 400 naming the field, changing nothing',
    async (_label, convention, field) => {
      const before = (await cluster(ids.cbd02)).namingConvention;
      const response = await update(ids.cbd02, { namingConvention: convention });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: false, error: 'VALIDATION_ERROR' });
      expect(response.json().message).toContain(field);
      expect((await cluster(ids.cbd02)).namingConvention).toEqual(before);
    },
  );
});

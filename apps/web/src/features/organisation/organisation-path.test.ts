import type { Project } from '@integration/contracts';
import { describe, expect, it } from 'vitest';
import {
  childLevel,
  choose,
  deepestLevel,
  defaultCurrency,
  parentLevel,
  pathFromSearch,
  projectCounts,
  ROOT,
  searchFromPath,
} from './organisation-path.ts';

const project = (id: number, s: number, c: number, m: number, currency = 'KES') =>
  ({
    id,
    name: `P${id}`,
    currency,
    mainProjectId: m,
    client: { id: c, name: `C${c}`, subsidiary: { id: s, name: `S${s}` } },
  }) as Project;

describe('the organisation path', () => {
  it('clears the levels below the one chosen', () => {
    const deep = { subsidiary: 1, client: 2, mainProject: 3 };
    expect(choose(deep, 'subsidiary', 5)).toEqual({
      subsidiary: 5,
      client: null,
      mainProject: null,
    });
    expect(choose(deep, 'client', null)).toEqual({
      subsidiary: 1,
      client: null,
      mainProject: null,
    });
    expect(choose(deep, 'mainProject', 4)).toEqual({ subsidiary: 1, client: 2, mainProject: 4 });
  });

  it('goes to and from the address, ignoring a level whose parent is missing', () => {
    const path = { subsidiary: 1, client: 2, mainProject: null };
    expect(searchFromPath(path).toString()).toBe('s=1&c=2');
    expect(pathFromSearch(new URLSearchParams('s=1&c=2'))).toEqual(path);
    expect(pathFromSearch(new URLSearchParams('c=2&m=3'))).toEqual(ROOT);
    expect(pathFromSearch(new URLSearchParams('s=abc'))).toEqual(ROOT);
  });

  it('shows on a phone the children of the deepest chosen row', () => {
    expect(deepestLevel(ROOT)).toBe('subsidiary');
    expect(deepestLevel({ subsidiary: 1, client: null, mainProject: null })).toBe('client');
    expect(deepestLevel({ subsidiary: 1, client: 2, mainProject: 3 })).toBe('project');
  });

  it('knows each level’s parent and child', () => {
    expect(parentLevel('subsidiary')).toBeNull();
    expect(parentLevel('project')).toBe('mainProject');
    expect(childLevel('client')).toBe('mainProject');
    expect(childLevel('project')).toBeNull();
  });
});

describe('projectCounts', () => {
  it('counts the projects under each subsidiary, client and main project', () => {
    const counts = projectCounts([project(1, 1, 1, 1), project(2, 1, 1, 2), project(3, 2, 3, 4)]);
    expect(counts.subsidiary.get(1)).toBe(2);
    expect(counts.client.get(1)).toBe(2);
    expect(counts.mainProject.get(2)).toBe(1);
    expect(counts.subsidiary.get(9)).toBeUndefined();
  });
});

describe('defaultCurrency', () => {
  it('takes the currency most of the subsidiary’s projects use', () => {
    const projects = [
      project(1, 1, 1, 1, 'TZS'),
      project(2, 1, 1, 1, 'TZS'),
      project(3, 1, 1, 1, 'KES'),
    ];
    expect(defaultCurrency(projects, 1)).toBe('TZS');
  });

  it('is KES for a subsidiary without projects', () => {
    expect(defaultCurrency([project(1, 2, 1, 1, 'TZS')], 1)).toBe('KES');
    expect(defaultCurrency([], null)).toBe('KES');
  });
});

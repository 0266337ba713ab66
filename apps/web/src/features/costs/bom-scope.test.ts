import { describe, expect, it } from 'vitest';
import { completeScope, scopeFromSearch, scopeSearch } from './bom-scope.ts';
import { bomPath } from './costs-links.ts';

describe('bill scope in the address', () => {
  it('reads the ids it names and ignores bad ones', () => {
    expect(scopeFromSearch(new URLSearchParams('projectId=1&clusterId=3'))).toEqual({
      projectId: 1,
      clusterId: 3,
    });
    expect(
      scopeFromSearch(new URLSearchParams('projectId=x&centralOfficeId=-2&clusterId=1.5')),
    ).toEqual({});
  });

  it('writes only the ids that are set, in a stable order', () => {
    expect(scopeSearch({ clusterId: 3, projectId: 1 })).toBe('projectId=1&clusterId=3');
    expect(scopeSearch({ projectId: 1, centralOfficeId: undefined })).toBe('projectId=1');
    expect(bomPath({ projectId: 1, clusterId: 3 })).toBe('/project/costs?projectId=1&clusterId=3');
    expect(bomPath({})).toBe('/project/costs');
  });

  it('needs a project before a bill can be asked for', () => {
    expect(completeScope({ clusterId: 3 })).toBeNull();
    expect(completeScope({ projectId: 1, centralOfficeId: 2 })).toEqual({
      projectId: 1,
      centralOfficeId: 2,
    });
  });
});

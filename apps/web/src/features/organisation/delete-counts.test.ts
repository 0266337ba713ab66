import type { ContentCounts } from '@integration/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import {
  confirmed,
  describeCounts,
  refusalCounts,
  type CountKind,
  type CountWord,
} from './delete-counts.ts';

const none: ContentCounts = {
  clients: 0,
  mainProjects: 0,
  projects: 0,
  centralOffices: 0,
  clusters: 0,
  elements: 0,
};

const english: CountWord = (kind, form, n) => {
  const words: Record<CountKind, [string, string]> = {
    clients: ['client', 'clients'],
    mainProjects: ['main project', 'main projects'],
    projects: ['project', 'projects'],
    centralOffices: ['central office', 'central offices'],
    clusters: ['cluster', 'clusters'],
    elements: ['element', 'elements'],
  };
  return `${n} ${words[kind][form === 'one' ? 0 : 1]}`;
};

describe('refusalCounts', () => {
  it('reads the counts of a 409 refusal', () => {
    const error = new ApiError(409, 'CONFLICT', 'still holds', {
      counts: { ...none, projects: 2, elements: 4318 },
    });
    expect(refusalCounts(error)).toEqual({ ...none, projects: 2, elements: 4318 });
  });

  it('fills counts the server left out with zero', () => {
    const error = new ApiError(409, 'CONFLICT', 'x', { counts: { clusters: 3 } });
    expect(refusalCounts(error)).toEqual({ ...none, clusters: 3 });
  });

  it('is null for any other failure', () => {
    expect(refusalCounts(new ApiError(409, 'CONFLICT', 'name taken'))).toBeNull();
    expect(refusalCounts(new ApiError(403, 'FORBIDDEN', 'no', { counts: none }))).toBeNull();
    expect(refusalCounts(new Error('boom'))).toBeNull();
  });
});

describe('describeCounts', () => {
  it('names only what is there, in hierarchy order, with grouped numbers', () => {
    const counts = { ...none, elements: 4318, projects: 2, centralOffices: 3, clusters: 12 };
    expect(describeCounts(counts, 'en', english)).toBe(
      '2 projects, 3 central offices, 12 clusters, and 4,318 elements',
    );
  });

  it('uses the singular for one', () => {
    expect(describeCounts({ ...none, clusters: 1 }, 'en', english)).toBe('1 cluster');
  });

  it('writes numbers and the list the French way', () => {
    const word: CountWord = (kind, form, n) => `${n} ${kind}:${form}`;
    expect(describeCounts({ ...none, clients: 1, elements: 12000 }, 'fr', word)).toBe(
      '1 clients:one et 12\u202f000 elements:other',
    );
  });

  it('is empty when nothing lives under it', () => {
    expect(describeCounts(none, 'en', english)).toBe('');
  });
});

describe('confirmed', () => {
  it('needs the exact name', () => {
    expect(confirmed('Camusat Kenya', 'Camusat Kenya')).toBe(true);
    expect(confirmed('camusat kenya', 'Camusat Kenya')).toBe(false);
    expect(confirmed('Camusat Kenya ', 'Camusat Kenya')).toBe(false);
    expect(confirmed('', 'Camusat Kenya')).toBe(false);
  });
});

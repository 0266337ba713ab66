import { describe, expect, it } from 'vitest';
import { currencyOptions } from './currency-options.ts';
import { dateLocale, dateTimeFormat, deletedCounts, writtenSettings } from './history-format.ts';

describe('dates of the history', () => {
  it('use the browser’s locale of the chosen language', () => {
    expect(dateLocale('en', ['fr-FR', 'en-KE', 'en-US'])).toBe('en-KE');
    expect(dateLocale('fr', ['en-GB', 'fr-CA'])).toBe('fr-CA');
    expect(dateLocale('fr', ['en-GB'])).toBe('fr');
  });

  it('are written in that locale and the given time zone', () => {
    const at = new Date('2026-11-27T19:43:00Z');
    // Note: the exact punctuation changes with the ICU version; the parts do not.
    const french = dateTimeFormat('fr', [], 'Africa/Nairobi').format(at);
    expect(french).toMatch(/^27 nov\. 2026/);
    expect(french).toMatch(/22:43$/);
    expect(dateTimeFormat('en', ['en-GB'], 'UTC').format(at)).toMatch(/^27 Nov 2026.*19:43$/);
  });
});

describe('details of a change', () => {
  it('keeps the settings it wrote', () => {
    expect(writtenSettings({ name: 'P', zoom: 12, main_project_id: 3 })).toEqual({ zoom: 12 });
    expect(writtenSettings({ name: 'S', country: 'Kenya' })).toEqual({ country: 'Kenya' });
    expect(writtenSettings({ name: 'S', country: null })).toEqual({});
    expect(writtenSettings(null)).toEqual({});
    expect(
      writtenSettings({
        basemap: null,
        phase: 'Completed',
        colourScheme: 'GraceTHD',
        currency: 'TZS',
        losses: { spliceDb: 0.05 },
      }),
    ).toEqual({
      basemap: null,
      phase: 'Completed',
      colourScheme: 'GraceTHD',
      currency: 'TZS',
      losses: true,
    });
  });

  it('reads what a deletion took with it', () => {
    expect(deletedCounts({ projects: 1, clusters: 2, elements: 0 })).toEqual({
      clients: 0,
      mainProjects: 0,
      projects: 1,
      centralOffices: 0,
      clusters: 2,
      elements: 0,
    });
    expect(deletedCounts({ projects: 0, elements: 0 })).toBeNull();
  });
});

describe('currencyOptions', () => {
  it('offers ISO codes with their names in the user’s language', () => {
    const en = currencyOptions('en');
    expect(en.find((o) => o.value === 'TZS')?.label).toBe('TZS · Tanzanian Shilling');
    expect(currencyOptions('fr').find((o) => o.value === 'KES')?.label).toBe(
      'KES · shilling kényan',
    );
  });

  it('keeps the current code even when the browser does not know it', () => {
    expect(currencyOptions('en', 'XTS').some((o) => o.value === 'XTS')).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18n from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { FibreStatus, HomeBudget } from '@integration/contracts';
import { resources } from '../../i18n/i18n.ts';
import { CableFill } from './CableFill.tsx';
import { HOMES_PAGE, HomesTable } from './HomesTable.tsx';

function translator(lng: 'en' | 'fr') {
  const instance = i18n.createInstance();
  void instance
    .use(initReactI18next)
    .init({ resources, lng, interpolation: { escapeValue: false } });
  return instance;
}
const english = translator('en');
const french = translator('fr');

const home = (
  elementId: number,
  name: string,
  marginDb: number,
  end: HomeBudget['end'] = 'olt-port',
): HomeBudget => ({
  elementId,
  name,
  end,
  totalLengthM: 1000 + elementId,
  totalLossDb: { '1310': 28 - marginDb, '1550': 27 - marginDb },
  marginDb,
});

/** One of each: comfortable, thin, over budget, open; in no particular order. */
const HOMES = [
  home(1, 'SFU-A', 8.04),
  home(2, 'SFU-B', 1.5),
  home(3, 'SFU-C', -1.25),
  home(4, 'SFU-D', 12, 'open'),
  home(5, 'SFU-E', 2.999),
  home(6, 'SFU-F', 5),
];

function show(homes: HomeBudget[], onOpen = vi.fn(), lang = english) {
  render(
    <MantineProvider>
      <I18nextProvider i18n={lang}>
        <HomesTable homes={homes} label="Loss budget: CBD-01" onOpen={onOpen} />
      </I18nextProvider>
    </MantineProvider>,
  );
  return onOpen;
}

/** The homes of the table's rows, top to bottom. */
const names = () =>
  within(screen.getByRole('table', { name: 'Loss budget: CBD-01' }))
    .getAllByRole('button', { name: /^Trace / })
    .map((b) => b.textContent);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the homes table of a loss budget', () => {
  it('lists the worst first: open homes, then by margin, smallest first', () => {
    show(HOMES);
    expect(names()).toEqual(['SFU-D', 'SFU-C', 'SFU-B', 'SFU-E', 'SFU-F', 'SFU-A']);
    // Margins coloured by how much is left; an open home has none to show.
    const row = (name: string) =>
      screen.getByRole('button', { name: `Trace ${name}` }).closest('tr');
    expect(within(row('SFU-C') as HTMLElement).getByText('-1.25 dB')).toBeTruthy();
    expect(within(row('SFU-D') as HTMLElement).getByText('Open: no OLT port')).toBeTruthy();
    expect(within(row('SFU-D') as HTMLElement).queryByText(/ dB$/)).toBeNull();
  });

  it('sums up the homes, those reaching an OLT port, the open ones and the worst margin', () => {
    show(HOMES);
    expect(
      screen.getByText('6 homes · 5 reach an OLT port · 1 open · worst margin -1.25 dB'),
    ).toBeTruthy();
  });

  it('filters the open homes, the thin margins and those over budget', () => {
    show(HOMES);
    fireEvent.click(screen.getByRole('radio', { name: 'Open (1)' }));
    expect(names()).toEqual(['SFU-D']);
    fireEvent.click(screen.getByRole('radio', { name: 'Thin margin (2)' }));
    expect(names()).toEqual(['SFU-B', 'SFU-E']);
    fireEvent.click(screen.getByRole('radio', { name: 'Over budget (1)' }));
    expect(names()).toEqual(['SFU-C']);
    fireEvent.click(screen.getByRole('radio', { name: 'All (6)' }));
    expect(names()).toHaveLength(6);
  });

  it('hands the homes its filter keeps to the panel, which rings them on the map', () => {
    const onRows = vi.fn();
    render(
      <MantineProvider>
        <I18nextProvider i18n={english}>
          <HomesTable homes={HOMES} label="Loss budget: CBD-01" onOpen={vi.fn()} onRows={onRows} />
        </I18nextProvider>
      </MantineProvider>,
    );
    const last = () => (onRows.mock.lastCall?.[0] as HomeBudget[]).map((h) => h.name);
    expect(last()).toHaveLength(6);
    fireEvent.click(screen.getByRole('radio', { name: 'Thin margin (2)' }));
    expect(last()).toEqual(['SFU-B', 'SFU-E']);
    fireEvent.click(screen.getByRole('radio', { name: 'Open (1)' }));
    expect(last()).toEqual(['SFU-D']);
  });

  it('says when no home matches a filter', () => {
    show([home(1, 'SFU-A', 8)]);
    fireEvent.click(screen.getByRole('radio', { name: 'Over budget (0)' }));
    expect(screen.getByText('No home matches this filter.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('opens the trace of the home chosen, by its name or anywhere on its row', () => {
    const onOpen = show(HOMES);
    fireEvent.click(screen.getByRole('button', { name: 'Trace SFU-C' }));
    expect(onOpen).toHaveBeenLastCalledWith(HOMES[2]);
    fireEvent.click(screen.getByText('1,006'));
    expect(onOpen).toHaveBeenLastCalledWith(HOMES[5]);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it(`draws ${HOMES_PAGE} rows of a 2,048-home cluster at a time`, () => {
    const many = Array.from({ length: 2048 }, (_, i) => home(i + 1, `SFU-${i + 1}`, 10 - i / 1000));
    show(many);
    expect(names()).toHaveLength(HOMES_PAGE);
    // The worst of them first: the last made here has the smallest margin.
    expect(names()[0]).toBe('SFU-2048');
    expect(screen.getByText('200 of 2,048 shown')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show 200 more' }));
    expect(names()).toHaveLength(2 * HOMES_PAGE);
    // 400 rows in jsdom: seconds on a busy machine, far from what a browser takes.
  }, 30_000);

  it('writes numbers the French way in French', () => {
    show(HOMES, vi.fn(), french);
    expect(
      screen.getByText(
        '6 logements · 5 atteignent un port OLT · 1 ouvert · marge la plus faible -1,25 dB',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Marge faible (2)' })).toBeTruthy();
  });
});

describe("a cable's fill in French", () => {
  it('agrees with one fibre and with several', () => {
    const fill: Record<FibreStatus, number> = { used: 2, reserved: 1, free: 0, faulty: 1 };
    render(
      <MantineProvider>
        <I18nextProvider i18n={french}>
          <CableFill fill={fill} total={4} />
        </I18nextProvider>
      </MantineProvider>,
    );
    expect(screen.getByText('1 défectueuse')).toBeTruthy();
    expect(screen.getByText('1 réservée')).toBeTruthy();
    expect(screen.getByText('2 utilisées')).toBeTruthy();
  });
});

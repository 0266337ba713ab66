import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18n from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { DesignProblem, DesignProblems } from '@integration/contracts';
import { resources } from '../../i18n/i18n.ts';
import { ProblemsBadge, useCountsText } from './ProblemsBadge.tsx';
import { ProblemsList } from './ProblemsList.tsx';
import { PROBLEMS_PAGE } from './problems.ts';

function translator(lng: 'en' | 'fr') {
  const instance = i18n.createInstance();
  void instance
    .use(initReactI18next)
    .init({ resources, lng, interpolation: { escapeValue: false } });
  return instance;
}
const english = translator('en');
const french = translator('fr');

const loose = (n: number): DesignProblem => ({
  rule: 'geometry',
  code: 'cableEndLoose',
  severity: 'warning',
  message: `Cable CBL-${n} ends on no enclosure, home or central office (within 1 m).`,
  elementIds: [1000 + n],
  figures: { cable: `CBL-${n}`, toleranceM: 1 },
});
const drop = (n: number): DesignProblem => ({
  rule: 'dropLength',
  code: 'dropTooLong',
  severity: 'error',
  message: `Drop DRP-${n} to SFU-${n} is 43.8 m long, over the 10 m allowed.`,
  elementIds: [2000 + n, 3000 + n],
  figures: { drop: `DRP-${n}`, home: `SFU-${n}`, lengthM: 43.8, maxM: 10 },
});
const spare: DesignProblem = {
  rule: 'cableFill',
  code: 'cableNoSpare',
  severity: 'warning',
  message: 'Cable CBL-7 keeps 0 free fibres of 12.',
  elementIds: [7],
  figures: { cable: 'CBL-7', free: 0, fibres: 12, share: 10 },
};

/** Errors first, as the server sends them: 2 drops, then a spare-fibre warning and 3 ends. */
const SOME = [drop(1), drop(2), spare, loose(1), loose(2), loose(3)];

function wrap(node: React.ReactNode, lang = english) {
  return (
    <MantineProvider>
      <I18nextProvider i18n={lang}>{node}</I18nextProvider>
    </MantineProvider>
  );
}

function show(problems: DesignProblem[], lang = english) {
  const onPick = vi.fn();
  const onRule = vi.fn();
  const view = render(
    wrap(<ProblemsList problems={problems} onPick={onPick} onRuleChange={onRule} />, lang),
  );
  return { onPick, onRule, view };
}

/** The messages of the list's rows, top to bottom. */
const rows = (name = 'Problems found') =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('button')?.textContent ?? '');

const checked = (name: string) => (screen.getByRole('radio', { name }) as HTMLInputElement).checked;

/** A chip's radio is drawn by its label: the label is what a user clicks. */
const chip = (name: string) => fireEvent.click(screen.getByText(name, { exact: true }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the problems list', () => {
  it('shows every problem, errors first, each with its severity in words and its rule', () => {
    show(SOME);
    const list = screen.getByRole('list', { name: 'Problems found' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(within(list).getAllByRole('img', { name: 'Error' })).toHaveLength(2);
    expect(within(list).getAllByRole('img', { name: 'Warning' })).toHaveLength(4);
    expect(rows()[0]).toContain('Drop DRP-1 to SFU-1');
    expect(rows()[0]).toContain('Drop length');
    expect(rows()[5]).toContain('Geometry');
  });

  it('filters by severity, the chips counting within the rule chosen', () => {
    show(SOME);
    expect(checked('All (6)')).toBe(true);
    chip('Errors (2)');
    expect(checked('Errors (2)')).toBe(true);
    expect(rows()).toHaveLength(2);
    expect(rows().every((r) => r.includes('Drop'))).toBe(true);
    chip('Warnings (4)');
    expect(rows()).toHaveLength(4);
    expect(rows()[0]).toContain('CBL-7');
  });

  it('filters by rule (names translated, each with its count) and says when nothing matches', () => {
    const { onRule } = show(SOME);
    fireEvent.click(screen.getByRole('combobox', { name: 'Rule' }));
    expect(screen.getByRole('option', { name: 'All rules (6)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'PBO-FAT saturation (0)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Geometry (3)' }));
    expect(onRule).toHaveBeenLastCalledWith('geometry');
    expect(rows()).toHaveLength(3);
    // The chips now count the geometry problems: no error among them.
    chip('Errors (0)');
    expect(screen.getByText('No problem matches these filters.')).toBeTruthy();
  });

  it('draws a hundred rows at a time, the next ones on demand', () => {
    const many = Array.from({ length: 230 }, (_, i) => loose(i + 1));
    show(many);
    expect(rows()).toHaveLength(PROBLEMS_PAGE);
    expect(screen.getByText('100 of 230 shown')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show 100 more' }));
    expect(rows()).toHaveLength(200);
    fireEvent.click(screen.getByRole('button', { name: 'Show 30 more' }));
    expect(rows()).toHaveLength(230);
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).toBeNull();
    // A new filter starts again from the first hundred.
    chip('Warnings (230)');
    expect(rows()).toHaveLength(PROBLEMS_PAGE);
  }, 20_000);

  it('hands the chosen problem back, and marks it as current', () => {
    const { onPick, view } = show(SOME);
    fireEvent.click(screen.getByRole('button', { name: /Drop DRP-2 to SFU-2/ }));
    expect(onPick).toHaveBeenCalledWith(SOME[1]);
    view.rerender(
      wrap(
        <ProblemsList
          problems={SOME}
          onPick={onPick}
          activeKey="dropTooLong:2002,3002"
          active={<span>chosen</span>}
        />,
      ),
    );
    expect(
      screen.getByRole('button', { name: /Drop DRP-2 to SFU-2/ }).getAttribute('aria-current'),
    ).toBe('true');
    expect(screen.getByText('chosen')).toBeTruthy();
  });

  it('says so when the design passes every check, in French too', () => {
    show([], french);
    expect(screen.getByText('Aucun problème : le design passe tous les contrôles.')).toBeTruthy();
    cleanup();
    show(SOME, french);
    expect(screen.getByRole('radio', { name: 'Erreurs (2)' })).toBeTruthy();
    expect(rows('Problèmes trouvés')[0]).toContain('Longueur de branchement');
  });
});

function Counted({ counts }: { counts: DesignProblems['counts'] }) {
  const text = useCountsText();
  return (
    <span>
      <ProblemsBadge counts={counts} />
      <span data-testid="words">{text(counts)}</span>
    </span>
  );
}

describe('the Problems badge', () => {
  const badge = (counts: DesignProblems['counts'], lang = english) => {
    const { container } = render(wrap(<Counted counts={counts} />, lang));
    return container.querySelector('[data-badge]');
  };

  it('counts the errors in red when there are any', () => {
    const el = badge({ error: 3, warning: 48 });
    expect(el?.getAttribute('data-badge')).toBe('red');
    expect(el?.textContent).toBe('3');
    expect(screen.getByTestId('words').textContent).toBe('3 errors, 48 warnings');
  });

  it('else the warnings in orange, else a green tick', () => {
    const el = badge({ error: 0, warning: 1048 });
    expect(el?.getAttribute('data-badge')).toBe('orange');
    expect(el?.textContent).toBe('1,048');
    expect(screen.getByTestId('words').textContent).toBe('0 errors, 1,048 warnings');
    cleanup();
    const none = badge({ error: 0, warning: 0 });
    expect(none?.getAttribute('data-badge')).toBe('green');
    expect(none?.textContent).toBe('');
  });

  it('speaks French', () => {
    badge({ error: 1, warning: 2 }, french);
    expect(screen.getByTestId('words').textContent).toBe('1 erreur, 2 avertissements');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18n from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { resources } from '../../i18n/i18n.ts';
import { LongCell } from './LongCell.tsx';

const english = i18n.createInstance();
void english
  .use(initReactI18next)
  .init({ resources, lng: 'en', interpolation: { escapeValue: false } });

const cell = (text: string) =>
  render(
    <MantineProvider>
      <I18nextProvider i18n={english}>
        <LongCell text={text} />
      </I18nextProvider>
    </MantineProvider>,
  );

afterEach(cleanup);

describe('a long LIST cell', () => {
  it('is folded with a link to read it whole, and folds again', () => {
    const list = Array.from({ length: 100 }, (_, i) => `PBO-${i}`).join(', ');
    cell(list);
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(screen.getByRole('button', { name: 'Show less' })).toBeTruthy();
    expect(screen.getByText(list)).toBeTruthy();
  });

  it('shows a short text as it is, without a link', () => {
    cell('PBO-1, PBO-2');
    expect(screen.getByText('PBO-1, PBO-2')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

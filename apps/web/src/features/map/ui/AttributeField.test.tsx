import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18n from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { resources } from '../../../i18n/i18n.ts';
import { AttributeField } from './AttributeField.tsx';

const french = i18n.createInstance();
void french
  .use(initReactI18next)
  .init({ resources, lng: 'fr', interpolation: { escapeValue: false } });

function field(name: string) {
  render(
    <MantineProvider>
      <I18nextProvider i18n={french}>
        <AttributeField
          definition={{ name, inputType: 'text', required: false }}
          value="Kenya Power"
          onChange={() => undefined}
        />
      </I18nextProvider>
    </MantineProvider>,
  );
}

afterEach(cleanup);

describe('an attribute in French', () => {
  it("reads a default template's attribute name in French", () => {
    field('Owner');
    expect(screen.getByLabelText('Propriétaire')).toHaveProperty('value', 'Kenya Power');
  });

  it("shows a project's own attribute name as written", () => {
    field('Pole owner: contract.ref');
    expect(screen.getByLabelText('Pole owner: contract.ref')).toBeTruthy();
  });
});

describe('a date the server sets', () => {
  it('reads d/m/yyyy HH:MM in the user’s time zone, not the stored UTC text', () => {
    const stored = '2026-11-27T21:05:09.123Z';
    render(
      <MantineProvider>
        <I18nextProvider i18n={french}>
          <AttributeField
            definition={{
              name: 'Creation Date',
              inputType: 'date',
              required: false,
              derived: true,
            }}
            value={stored}
            onChange={() => undefined}
          />
        </I18nextProvider>
      </MantineProvider>,
    );
    const local = new Date(stored);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(screen.getByLabelText('Date de création')).toHaveProperty(
      'value',
      `${local.getDate()}/${local.getMonth() + 1}/${local.getFullYear()} ${pad(local.getHours())}:${pad(local.getMinutes())}`,
    );
  });
});

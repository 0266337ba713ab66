import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { DEFAULT_LOSSES } from '@integration/contracts';
import { resources } from '../../i18n/i18n.ts';
import { ProjectSettingsDialog, type ProjectValues } from './ProjectSettingsDialog.tsx';

vi.mock('../map/map.api.ts', () => ({
  loadBasemaps: () =>
    Promise.resolve({
      basemaps: ['terrain', 'satellite', 'roadmap', 'hybrid'].map((id) => ({ id, tiles: [] })),
      offline: { land: '', borders: '', places: '' },
    }),
}));

const i18nTest = i18n.createInstance();
void i18nTest
  .use(initReactI18next)
  .init({ resources, lng: 'en', interpolation: { escapeValue: false } });

const initial: ProjectValues = {
  name: 'Westlands',
  zoom: 14,
  currency: 'KES',
  basemap: null,
  phase: 'In-Progress',
  colourScheme: 'TIA-598-C',
  losses: DEFAULT_LOSSES,
};

function open(save = vi.fn().mockResolvedValue({ message: 'saved' }), onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18nTest}>
          <ProjectSettingsDialog
            target={{ title: 'Configure', submitLabel: 'Save', initial, save }}
            onClose={onClose}
          />
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { save, onClose };
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const openLosses = async () =>
  fireEvent.click(await screen.findByRole('button', { name: /Fibre losses/ }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ConfigureProject', () => {
  it('shows the saved settings, the base map the map opens on and the loss defaults', async () => {
    open();
    expect(await screen.findByRole('combobox', { name: 'Map opens on' })).toHaveProperty(
      'value',
      'Terrain',
    );
    expect(screen.getByRole('combobox', { name: 'Phase' })).toHaveProperty('value', 'In progress');
    expect(screen.getByRole('combobox', { name: 'Fibre colour code' })).toHaveProperty(
      'value',
      'TIA-598-C · blue, orange, green…',
    );
    expect(screen.getByText('The defaults (GPON class B+)')).toBeTruthy();
    await openLosses();
    expect(screen.getByLabelText('Fibre at 1310 nm')).toHaveProperty('value', '0.35');
    expect(screen.getByLabelText('Splitter 1:32')).toHaveProperty('value', '18');
    expect(screen.getByText('Default 0.35 dB/km')).toBeTruthy();
  });

  it('says which loss needs fixing and saves nothing meanwhile, as with the zoom', async () => {
    const { save } = open();
    await openLosses();
    fireEvent.change(screen.getByLabelText('Per splice'), { target: { value: '' } });
    expect(await screen.findByText('From 0 to 100.')).toBeTruthy();
    expect(screen.getByText('Fix the values marked in red.')).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Map zoom'), { target: { value: '' } });
    expect(screen.getByText('A zoom from 0 to 24.')).toBeTruthy();
    fireEvent.submit(saveButton());
    expect(save).not.toHaveBeenCalled();
  });

  it('sends every setting in one save', async () => {
    const { save, onClose } = open();
    await openLosses();
    fireEvent.change(screen.getByLabelText('Loss budget'), { target: { value: '31' } });
    expect(await screen.findByText('1 value differs from the defaults')).toBeTruthy();
    fireEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]?.[0]).toEqual({
      ...initial,
      losses: { ...DEFAULT_LOSSES, budgetDb: 31 },
    });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { resources } from '../../i18n/i18n.ts';
import { ExportMenu, exportBody } from './ExportMenu.tsx';
import { ImportWizard } from './ImportWizard.tsx';

const i18nTest = i18n.createInstance();
void i18nTest
  .use(initReactI18next)
  .init({ resources, lng: 'en', interpolation: { escapeValue: false } });

function wrap(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18nTest}>{node}</I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ImportWizard', () => {
  it('opens on the choice of files or URL, with named controls', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ status: true, data: [] }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    wrap(
      <ImportWizard
        opened
        onClose={() => {}}
        projectId={1}
        clusterId={1}
        onPreview={() => {}}
        onImported={() => {}}
      />,
    );
    expect(await screen.findByText('Import GIS files')).toBeTruthy();
    expect(screen.getByLabelText('Or a URL')).toBeTruthy();
    const read = screen.getByRole('button', { name: 'Read the files' });
    expect(read.hasAttribute('disabled') || read.getAttribute('data-disabled') === 'true').toBe(
      true,
    );
  });
});

describe('ExportMenu', () => {
  it('names its button and builds the body of each scope', () => {
    wrap(
      <ExportMenu
        clusterId={4}
        clusterName="CBD-01"
        selectedIds={[1, 2]}
        visibleTypes={['pole']}
      />,
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    const props = { clusterId: 4, selectedIds: [1, 2], visibleTypes: ['pole'] };
    expect(exportBody('cluster', 'kml', props)).toEqual({ clusterId: 4, format: 'kml' });
    expect(exportBody('selection', 'shp', props)).toEqual({
      clusterId: 4,
      format: 'shp',
      elementIds: [1, 2],
    });
    expect(exportBody('visible', 'gpkg', props)).toEqual({
      clusterId: 4,
      format: 'gpkg',
      types: ['pole'],
    });
    const whole = { ...props, office: { id: 7, name: 'CO' }, project: { id: 9, name: 'P' } };
    expect(exportBody('office', 'fgb', whole)).toEqual({ centralOfficeId: 7, format: 'fgb' });
    expect(exportBody('project', 'csv', whole)).toEqual({ projectId: 9, format: 'csv' });
  });
});

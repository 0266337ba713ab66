import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18n from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { DeliveryCheck, ExchangeImportAnswer } from '@integration/contracts';
import { resources } from '../../i18n/i18n.ts';
import { ExportMenu } from './ExportMenu.tsx';
import { GraceThdDialog } from './GraceThdDialog.tsx';
import { ImportWizard } from './ImportWizard.tsx';
import { dxfBody, graceThdBody, initialGraceThd, type GraceThdState } from './exchange-export.ts';
import { parseEpsg, refusedCheck } from './exchange.api.ts';
import { ApiError } from '../../api/client.ts';

const i18nTest = i18n.createInstance();
void i18nTest
  .use(initReactI18next)
  .init({ resources, lng: 'en', interpolation: { escapeValue: false } });

function wrap(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <I18nextProvider i18n={i18nTest}>{node}</I18nextProvider>
        </QueryClientProvider>
      </MemoryRouter>
    </MantineProvider>,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const CHECK: DeliveryCheck = {
  problems: [
    {
      code: 'cableEnd',
      severity: 'warning',
      message: 'Cable CBL-2: its start was moved 3.0 m onto ND-PBO1.',
      elementIds: [12],
      clusterId: 4,
      table: 't_cable',
    },
    {
      code: 'cableEnd',
      severity: 'error',
      message: 'Cable CBL-1: its end is on no node.',
      elementIds: [11],
      clusterId: 4,
      table: 't_cable',
      column: 'cb_nd2',
    },
  ],
  counts: { error: 1, warning: 1 },
};

const disabled = (el: HTMLElement) =>
  el.hasAttribute('disabled') || el.getAttribute('data-disabled') === 'true';

function Dialog({ onShow }: { onShow?: (ids: number[]) => number }) {
  const [state, setState] = useState<GraceThdState>(initialGraceThd());
  return (
    <GraceThdDialog
      opened
      onClose={() => {}}
      clusterId={4}
      clusterName="CBD-01"
      state={state}
      onState={setState}
      onExport={() => {}}
      onShow={onShow}
    />
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('GraceTHD export dialog', () => {
  it('checks the delivery, lists errors first and refuses the export while errors exist', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json({ status: true, data: CHECK }));
    const onShow = vi.fn(() => 1);
    wrap(<Dialog onShow={onShow} />);
    const dialog = await screen.findByRole('dialog', { name: 'GraceTHD delivery of CBD-01' });
    expect(within(dialog).getByRole('radio', { name: /Lambert-93 \(EPSG:2154\)/ })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check' }));
    const list = await within(dialog).findByRole('list', { name: 'Problems of the delivery' });
    const body = JSON.parse(String(fetch.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toEqual({ clusterId: 4, format: 'gracethd', crs: 2154, dryRun: true });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('Error');
    expect(rows[0]?.textContent).toContain('its end is on no node');
    expect(rows[0]?.textContent).toContain('t_cable.cb_nd2');
    expect(rows[1]?.textContent).toContain('Warning');
    expect(within(dialog).getByText('1 error(s), 1 warning(s)')).toBeTruthy();
    expect(disabled(within(dialog).getByRole('button', { name: 'Export' }))).toBe(true);
    fireEvent.click(
      within(dialog).getByRole('button', {
        name: 'Show on the map: Cable CBL-1: its end is on no node.',
      }),
    );
    expect(onShow).toHaveBeenCalledWith([11]);
  });

  it('sends the code typed, the prefix and the status, and exports once the check is clean', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        json({ status: true, data: { problems: [], counts: { error: 0, warning: 0 } } }),
      );
    wrap(<Dialog />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Another EPSG code' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /EPSG code/ }), {
      target: { value: 'abc' },
    });
    expect(within(dialog).getByText('Give a whole EPSG code (1024 to 999999).')).toBeTruthy();
    expect(disabled(within(dialog).getByRole('button', { name: 'Check' }))).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /EPSG code/ }), {
      target: { value: 'EPSG:32737' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Code prefix/ }), {
      target: { value: 'NBO' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(await within(dialog).findByText(/No problem found/)).toBeTruthy();
    const body = JSON.parse(String(fetch.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ crs: 32737, codePrefix: 'NBO', dryRun: true });
    expect(disabled(within(dialog).getByRole('button', { name: 'Export' }))).toBe(false);
  });

  it('shows a refused export’s problems in the same list (422 from the menu)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(
        {
          status: false,
          statusCode: 422,
          error: 'VALIDATION_ERROR',
          message: 'refused',
          details: CHECK,
        },
        422,
      ),
    );
    wrap(<ExportMenu clusterId={4} clusterName="CBD-01" selectedIds={[]} visibleTypes={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(
      await screen.findByRole('menuitem', {
        name: 'Export the whole cluster as GraceTHD (GeoPackage)',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'GraceTHD delivery of CBD-01' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    const list = await screen.findByRole('list', { name: 'Problems of the delivery' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const reopened = screen.getByRole('dialog', { name: 'GraceTHD delivery of CBD-01' });
    expect(disabled(within(reopened).getByRole('button', { name: 'Export' }))).toBe(true);
  });
});

describe('exchange request bodies', () => {
  it('builds GraceTHD, DXF bodies and reads codes', () => {
    const form = initialGraceThd('gracethd-shpcsv').form;
    expect(graceThdBody(1, form)).toEqual({ clusterId: 1, format: 'gracethd-shpcsv', crs: 2154 });
    expect(graceThdBody(1, { ...form, crs: 'wgs84', statut: 'REC' })).toEqual({
      clusterId: 1,
      format: 'gracethd-shpcsv',
      crs: 4326,
      statut: 'REC',
    });
    expect(graceThdBody(1, { ...form, codePrefix: 'a;b' })).toBeNull();
    expect(dxfBody(1, { crs: 'auto', otherCrs: '' })).toEqual({ clusterId: 1, format: 'dxf' });
    expect(dxfBody(1, { crs: 'other', otherCrs: '12.5' })).toBeNull();
    expect(parseEpsg(' epsg:2154 ')).toBe(2154);
    expect(parseEpsg('4')).toBe('invalid');
    expect(refusedCheck(new ApiError(422, 'X', 'm', CHECK))).toBe(CHECK);
    expect(refusedCheck(new ApiError(400, 'X', 'm'))).toBeNull();
  });
});

const ANSWER: ExchangeImportAnswer = {
  standard: 'gracethd',
  target: { projectId: 1, clusterIds: [7], name: 'CBD-09' },
  report: [
    { source: 't_noeud', read: 120, mapped: 118, skipped: 2, notes: ['2 nodes without geometry.'] },
    { source: 't_cable', read: 30, mapped: 30, skipped: 0, notes: [] },
  ],
  warnings: ['t_love: 3 loops without a cable.'],
};

function importWizard(onImported = vi.fn()) {
  wrap(
    <ImportWizard
      opened
      onClose={() => {}}
      projectId={1}
      clusterId={7}
      onPreview={() => {}}
      onImported={onImported}
    />,
  );
  return onImported;
}

async function readFile(name: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Import GIS files' });
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], name)] } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Read the files' }));
  return dialog;
}

describe('Import of a delivery', () => {
  it('sends the target cluster and main project, then shows the report instead of the layers', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/projects/1'))
        return json({ status: true, data: { id: 1, mainProjectId: 3 } });
      if (url.endsWith('/file-format/import')) return json({ status: true, data: ANSWER });
      return json({ status: true, data: [] });
    });
    const onImported = importWizard();
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/projects/1'))).toBe(true),
    );
    const dialog = await readFile('delivery.gpkg');
    expect(await within(dialog).findByText('GraceTHD delivery recognised')).toBeTruthy();
    expect(within(dialog).getByText('Imported into the cluster CBD-09.')).toBeTruthy();
    const table = within(dialog).getByRole('table');
    const noeud = within(table).getByText('t_noeud').closest('tr') as HTMLElement;
    expect(noeud.textContent).toBe('t_noeud1201182');
    expect(within(table).getByRole('list', { name: 'Notes on t_noeud' }).textContent).toBe(
      '2 nodes without geometry.',
    );
    expect(within(dialog).getByText('t_love: 3 loops without a cable.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Show on the map' })).toBeTruthy();
    expect(onImported).toHaveBeenCalled();
    const upload = fetch.mock.calls.find(([url]) => String(url).endsWith('/file-format/import'));
    const form = upload?.[1]?.body as FormData;
    expect(form.get('clusterId')).toBe('7');
    expect(form.get('mainProjectId')).toBe('3');
  });

  it('offers the new project of an OFDS package', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).endsWith('/file-format/import')
        ? json({
            status: true,
            data: {
              ...ANSWER,
              standard: 'ofds',
              target: { projectId: 9, clusterIds: [20], name: 'Nairobi CBD (2)' },
              warnings: [],
            },
          })
        : json({ status: true, data: [] }),
    );
    const onImported = importWizard();
    const dialog = await readFile('network.json');
    expect(await within(dialog).findByText('OFDS package recognised')).toBeTruthy();
    expect(within(dialog).getByText('Imported as a new project: Nairobi CBD (2).')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Open the new project’s map' })).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
  });

  it('shows a refused delivery’s message where the files were chosen', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).endsWith('/file-format/import')
        ? json(
            {
              status: false,
              statusCode: 422,
              error: 'VALIDATION_ERROR',
              message: 'The target cluster must be empty.',
            },
            422,
          )
        : json({ status: true, data: [] }),
    );
    importWizard();
    const dialog = await readFile('delivery.gpkg');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The files could not be read');
    expect(alert.textContent).toContain('The target cluster must be empty.');
  });
});

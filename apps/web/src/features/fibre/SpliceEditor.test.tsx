import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { EnclosureCable, EnclosurePlan, Fibre } from '@integration/contracts';
import { resources } from '../../i18n/i18n.ts';
import { SpliceEditor } from './SpliceEditor.tsx';

const english = i18n.createInstance();
void english
  .use(initReactI18next)
  .init({ resources, lng: 'en', interpolation: { escapeValue: false } });

const COLOURS = [
  'blue',
  'orange',
  'green',
  'brown',
  'slate',
  'white',
  'red',
  'black',
  'yellow',
  'violet',
  'rose',
  'aqua',
];

/** A 144-fibre cable (12 × 12), its fibres numbered from `firstId`. */
function cable(
  id: number,
  name: string,
  end: EnclosureCable['end'],
  firstId: number,
): EnclosureCable {
  const fibres: Fibre[] = Array.from({ length: 144 }, (_, i) => ({
    id: firstId + i,
    number: i + 1,
    tube: Math.floor(i / 12) + 1,
    position: (i % 12) + 1,
    colour: { name: COLOURS[i % 12] ?? '', hex: '#123456', stripe: null },
    tubeColour: { name: COLOURS[Math.floor(i / 12)] ?? '', hex: '#654321', stripe: null },
    status: 'free',
    ends: { a: null, b: null },
  }));
  return {
    id,
    name,
    end,
    fibreCount: 144,
    tubes: 12,
    fibresPerTube: 12,
    fill: { free: 144, used: 0, reserved: 0, faulty: 0 },
    fibres,
  };
}

const plan: EnclosurePlan = {
  enclosure: {
    elementId: 9,
    centralOfficeId: null,
    name: 'SC-1',
    type: 'SpliceClosure',
    projectId: 1,
    clusterId: 1,
  },
  colourScheme: 'TIA-598-C',
  cables: [cable(1, 'Feeder', 'b', 1000), cable(2, 'Distribution', 'a', 2000)],
  trays: [],
  splitters: [],
  ports: [],
  connections: [],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the editor sees it: the plan, and what a POST of connections answers. */
function serve(connect: () => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/connections') && init?.method === 'POST') return connect();
    return json({ status: true, data: plan });
  });
}

function open(canEdit: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={english}>
          <SpliceEditor holder={{ elementId: 9 }} name="SC-1" canEdit={canEdit} />
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the splice editor', () => {
  it('draws two 144-fibre cables and connects two chosen fibres at the ends that lie there', async () => {
    const fetch = serve(() =>
      json({ status: true, data: { connections: [{ id: 5 }] }, message: 'Made' }),
    );
    open(true);
    const feeder = await screen.findByRole('region', { name: 'Feeder' });
    const distribution = screen.getByRole('region', { name: 'Distribution' });
    expect(within(feeder).getAllByRole('button', { name: /^Fibre \d+,/ })).toHaveLength(144);
    expect(within(distribution).getAllByRole('button', { name: /^Fibre \d+,/ })).toHaveLength(144);

    fireEvent.click(within(feeder).getByRole('button', { name: 'Fibre 3, green, free' }));
    fireEvent.click(within(distribution).getByRole('button', { name: 'Fibre 14, orange, free' }));
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(true));
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      connections: [
        { from: { fibreId: 1002, end: 'b' }, to: { fibreId: 2013, end: 'a' }, kind: 'splice' },
      ],
    });
    // Two 144-fibre lists rendered: ~2 s alone, four times that on a loaded two-core machine.
  }, 20_000);

  it("shows the server's refusal of a range beside the form", async () => {
    serve(() =>
      json(
        {
          status: false,
          statusCode: 400,
          error: 'VALIDATION_ERROR',
          message: 'Fibres 1–12 (12) onto 1–11 (11): the lengths differ.',
        },
        400,
      ),
    );
    open(true);
    const form = await screen.findByRole('form', { name: 'Splice a range (a tube onto a tube)' });
    fireEvent.change(within(form).getByLabelText('Last (to)'), { target: { value: '11' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Splice range' }));
    expect((await screen.findByRole('alert')).textContent).toContain('the lengths differ');
  });

  it('records the loss an OTDR measured on a splice', async () => {
    const measured = {
      ...plan,
      connections: [
        {
          id: 5,
          kind: 'splice' as const,
          trayId: null,
          from: 'Feeder, fibre 1',
          to: 'Distribution, fibre 1',
          lossDb: 0.1,
          measuredLossDb: null,
        },
      ],
    };
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input, init) =>
        init?.method === 'POST'
          ? json({ status: true, data: { id: 5 } })
          : json({ status: true, data: String(input).includes('/enclosures/') ? measured : null }),
      );
    open(true);
    fireEvent.click(await screen.findByRole('tab', { name: 'Connections (1)' }));
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Measured loss of Feeder, fibre 1 ↔ Distribution, fibre 1',
      }),
    );
    fireEvent.change(screen.getByLabelText('Measured loss (dB)'), { target: { value: '0.07' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(true));
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(String(url)).toBe('/api/fibre/connections/5/measured-loss');
    expect(JSON.parse(String(init?.body))).toEqual({ measuredLossDb: 0.07 });
  });

  it('reads but cannot change for a read-only user', async () => {
    serve(() => json({ status: true, data: { connections: [] } }));
    open(false);
    const feeder = await screen.findByRole('region', { name: 'Feeder' });
    expect(screen.queryByRole('form', { name: /Splice a range/ })).toBeNull();
    fireEvent.click(within(feeder).getByRole('button', { name: 'Fibre 1, blue, free' }));
    fireEvent.click(within(feeder).getByRole('button', { name: 'Fibre 2, orange, free' }));
    const chosen = screen.getByRole('region', { name: 'Chosen' });
    expect(within(chosen).getByText('Feeder, fibre 2 (orange)')).toBeTruthy();
    expect(within(chosen).queryByText('Feeder, fibre 1 (blue)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
  });

  describe('a cable passing through uncut (mid-span)', () => {
    const splice = (to: string, id = 4) => ({
      connectionId: id,
      kind: 'splice' as const,
      enclosure: { elementId: 9, centralOfficeId: null, name: 'SC-1' },
      to,
    });
    // Trunk fibre 2 is cut here, its piece towards the start joined to the branch.
    const trunk = cable(3, 'Trunk', 'through', 3000);
    trunk.fibres = trunk.fibres.map((f) =>
      f.number === 2
        ? { ...f, status: 'used', ends: { a: splice('Branch, fibre 9'), b: null } }
        : f,
    );
    trunk.fill = { free: 143, used: 1, reserved: 0, faulty: 0 };
    const passing: EnclosurePlan = {
      ...plan,
      cables: [trunk, cable(2, 'Branch', 'a', 2000)],
    };
    /** The trunk's own fibre list: spliced at FDT-1 at its start and PBO-2 at its end. */
    const trunkFibres = {
      ...trunk,
      fibres: trunk.fibres.map((f) => ({
        ...f,
        ends: {
          a: { ...splice('x'), enclosure: { ...splice('x').enclosure, name: 'FDT-1' } },
          b: null,
        },
      })),
    };
    function servePassing(named: boolean) {
      return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        const url = String(input);
        if (url.endsWith('/connections') && init?.method === 'POST')
          return json({ status: true, data: { connections: [{ id: 6 }] } });
        if (url.includes('/fibre/cables/3/'))
          return json({ status: true, data: named ? trunkFibres : { ...trunk, fibres: [] } });
        return json({ status: true, data: passing });
      });
    }
    const posted = (fetch: ReturnType<typeof servePassing>) => {
      const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
      return JSON.parse(String(init?.body)) as unknown;
    };

    it('draws its fibres once per side, each side its own terminal, and connects the side chosen', async () => {
      const fetch = servePassing(false);
      open(true);
      const region = await screen.findByRole('region', { name: 'Trunk' });
      expect(within(region).getByText(/passes through uncut/)).toBeTruthy();
      expect(within(region).getByText('1 used')).toBeTruthy();
      const start = within(region).getByRole('group', { name: "Towards the cable's start" });
      const end = within(region).getByRole('group', { name: "Towards the cable's end" });
      // What is spliced here, each side apart from the fibres passing through.
      expect(within(start).getByText('1 joined here')).toBeTruthy();
      expect(within(end).getByText('0 joined here')).toBeTruthy();
      // No more buttons per side than a cable ending here has.
      expect(within(start).getAllByRole('button', { name: /^Fibre \d+,/ })).toHaveLength(144);
      expect(within(end).getAllByRole('button', { name: /^Fibre \d+,/ })).toHaveLength(144);
      // The side joined here is used and says to what; the other side of the cut is free here.
      expect(
        within(start).getByRole('button', { name: 'Fibre 2, orange, used — Branch, fibre 9' }),
      ).toBeTruthy();
      expect(within(end).getByRole('button', { name: 'Fibre 2, orange, free' })).toBeTruthy();

      // The same fibre on both sides: two choices, each pressed in its own side only.
      fireEvent.click(within(start).getByRole('button', { name: /^Fibre 5, / }));
      fireEvent.click(within(end).getByRole('button', { name: /^Fibre 5, / }));
      const chosen = screen.getByRole('region', { name: 'Chosen' });
      expect(
        within(chosen).getByText("Trunk, fibre 5 (slate) — Towards the cable's start"),
      ).toBeTruthy();
      expect(
        within(chosen).getByText("Trunk, fibre 5 (slate) — Towards the cable's end"),
      ).toBeTruthy();
      expect(
        within(start)
          .getByRole('button', { name: /^Fibre 5, / })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      // Dropping the start's: the end's stays chosen; then a branch fibre with it.
      fireEvent.click(within(start).getByRole('button', { name: /^Fibre 5, / }));
      expect(
        within(start)
          .getByRole('button', { name: /^Fibre 5, / })
          .getAttribute('aria-pressed'),
      ).toBe('false');
      expect(
        within(end)
          .getByRole('button', { name: /^Fibre 5, / })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      const branch = screen.getByRole('region', { name: 'Branch' });
      fireEvent.click(within(branch).getByRole('button', { name: 'Fibre 1, blue, free' }));
      fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
      await waitFor(() =>
        expect(fetch.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(true),
      );
      expect(posted(fetch)).toEqual({
        connections: [
          { from: { fibreId: 3004, end: 'b' }, to: { fibreId: 2000, end: 'a' }, kind: 'splice' },
        ],
      });
    });

    it("names each side by the enclosure the cable's fibres reach that way", async () => {
      servePassing(true);
      open(false);
      const region = await screen.findByRole('region', { name: 'Trunk' });
      expect(await within(region).findByRole('group', { name: 'Towards FDT-1' })).toBeTruthy();
      // Nothing known at its end: plain words.
      expect(within(region).getByRole('group', { name: "Towards the cable's end" })).toBeTruthy();
    });

    it('splices a range from one side of it, the side chosen in the form', async () => {
      const fetch = servePassing(false);
      open(true);
      const form = await screen.findByRole('form', { name: 'Splice a range (a tube onto a tube)' });
      // The passing cable is first: its side is asked for; the branch's is not.
      expect(within(form).getByLabelText('Side (from)')).toBeTruthy();
      expect(within(form).queryByLabelText('Side (to)')).toBeNull();
      fireEvent.click(within(form).getByLabelText('Side (from)'));
      fireEvent.click(
        await screen.findByRole('option', { name: "Towards the cable's end", hidden: true }),
      );
      fireEvent.click(within(form).getByRole('button', { name: 'Splice range' }));
      await waitFor(() =>
        expect(fetch.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(true),
      );
      expect(posted(fetch)).toEqual({
        ranges: [
          {
            fromCable: 3,
            fromFibres: [1, 12],
            fromSide: 'b',
            toCable: 2,
            toFibres: [1, 12],
          },
        ],
      });
    });
  });
});

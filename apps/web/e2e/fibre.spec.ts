import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { LatLng } from '@integration/contracts';
import {
  button,
  clickMarker,
  createElements,
  demoCluster,
  emptyCluster,
  offset,
  openMap,
  pixelsOfColour,
  type View,
} from './support/map.ts';
import { unique } from './support/hierarchy.ts';

// The map renders in software (SwiftShader): give the test room on a busy machine.
test.describe.configure({ timeout: 150_000 });

/**
 * A corner of the demo project away from what other specs draw at NAIROBI: a cable attaches
 * to any enclosure its end lies on, whatever the cluster.
 */
const SPOT = offset(-700, 450);
const VIEW: View = { ...SPOT, zoom: 18 };

/** The trace's rings on the map (overlay-layers.ts: trace-point). */
const TRACE_ORANGE: [number, number, number] = [232, 89, 12];

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('splices a tube onto a tube in a closure, sees the fibres used, and traces one with its dB', async ({
  page,
  request,
}) => {
  // A closure with two 24-fibre cables ending on it, made through the API.
  const ws = await emptyCluster(request);
  const name = unique('SC');
  const [closure] = await createElements(request, ws, 'spliceclosure', [
    { coordinates: SPOT, name },
  ]);
  const west = unique('West');
  const east = unique('East');
  await createElements(request, ws, 'cable', [
    { coordinates: [offset(-120, 0, SPOT), SPOT], name: west, attributes: { Capacity: '24' } },
    { coordinates: [SPOT, offset(120, 0, SPOT)], name: east, attributes: { Capacity: '24' } },
  ]);
  expect(closure?.id).toBeTruthy();

  await openMap(page, ws, VIEW);
  await button(page, 'Get Info').click();
  await clickMarker(page, SPOT, VIEW);
  await page.getByRole('dialog').getByRole('button', { name: 'Fibres' }).click();
  const editor = page.getByRole('dialog', { name: `Fibres of ${name}` });
  await expect(editor).toBeVisible();
  const westCable = editor.getByRole('region', { name: west });
  const eastCable = editor.getByRole('region', { name: east });
  await expect(westCable.getByText('24 free')).toBeVisible();

  // Tube 1 of the west cable onto tube 1 of the east one, with the range form.
  const range = editor.getByRole('form', { name: /Splice a range/ });
  await chooseOption(page, 'From cable', west);
  await chooseOption(page, 'To cable', east);
  await range.getByLabel('First (from)').fill('1');
  await range.getByLabel('Last (from)').fill('12');
  await range.getByLabel('First (to)').fill('1');
  await range.getByLabel('Last (to)').fill('12');
  await range.getByRole('button', { name: 'Splice range' }).click();
  await expect(westCable.getByText('12 used')).toBeVisible();
  await expect(eastCable.getByText('12 used')).toBeVisible();
  await expect(westCable.getByRole('button', { name: /^Fibre 1, blue, used/ })).toBeVisible();
  await expect(editor.getByRole('tab', { name: 'Connections (12)' })).toBeVisible();

  // A bad range says why, in words, and changes nothing.
  await range.getByLabel('Last (to)').fill('11');
  await range.getByRole('button', { name: 'Splice range' }).click();
  await expect(editor.getByRole('alert')).toBeVisible();
  await expect(westCable.getByText('12 used')).toBeVisible();

  // Fibre 3 of the west cable, traced: the hops with their metres and dB, the path on the map.
  await westCable.getByRole('button', { name: /^Fibre 3, green, used/ }).click();
  await editor
    .getByRole('region', { name: 'Chosen' })
    .getByRole('button', { name: 'Trace' })
    .click();
  await expect(editor).toBeHidden();
  const trace = page.getByRole('region', { name: 'Fibre trace' });
  await expect(trace).toBeVisible();
  await expect(trace.getByText(/dB\sat\s1310\snm/)).toBeVisible();
  await expect(trace.getByText(/^Margin \d/)).toBeVisible();
  const hops = trace.getByRole('table', { name: 'Hops of the trace' });
  await expect(hops.getByRole('row', { name: /Splice/ })).toBeVisible();
  await expect(hops.getByRole('columnheader', { name: 'dB 1550' })).toBeVisible();
  const map = await page.getByRole('region', { name: 'Network map' }).boundingBox();
  if (!map) throw new Error('map not visible');
  await expect
    .poll(() => pixelsOfColour(page, { ...map, width: map.width / 2 }, TRACE_ORANGE), {
      timeout: 15_000,
    })
    .toBeGreaterThan(30);
  await trace.getByRole('button', { name: 'Close the trace' }).click();
  await expect(trace).toBeHidden();
});

/** Clicks a download button and checks the file is an XLSX (a zip: it starts with 'PK'). */
async function downloadsXlsx(page: Page, button: Locator) {
  const started = page.waitForEvent('download');
  await button.click();
  const download = await started;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = await download.path();
  expect((await readFile(path)).subarray(0, 2).toString('latin1')).toBe('PK');
  return download.suggestedFilename();
}

test("reads CBD-01's loss budget worst first, filters it, and traces a home to its OLT port", async ({
  page,
  request,
}) => {
  await openMap(page, await demoCluster(request), null);
  await page.getByRole('button', { name: 'Loss budget' }).click();
  const budget = page.getByRole('region', { name: 'Loss budget' });
  await expect(
    budget.getByText(/^780 homes · 780 reach an OLT port · 0 open · worst margin \d+\.\d\d\sdB$/),
  ).toBeVisible();
  const homes = budget.getByRole('table', { name: 'Loss budget: CBD-01' });
  // 200 rows at a time (and the heading's), the next ones on demand.
  await expect(homes.getByRole('row')).toHaveCount(201);
  await budget.getByRole('button', { name: 'Show 200 more' }).click();
  await expect(homes.getByRole('row')).toHaveCount(401);

  // The demo is within budget everywhere: nothing over it, nothing open.
  // (A chip's radio is drawn by its label: the label is what a user clicks.)
  const filter = async (name: string) => {
    await budget.getByText(name, { exact: true }).click();
    await expect(budget.getByRole('radio', { name })).toBeChecked();
  };
  await filter('Over budget (0)');
  await expect(budget.getByText('No home matches this filter.')).toBeVisible();
  await filter('Open (0)');
  await expect(budget.getByText('No home matches this filter.')).toBeVisible();
  await filter('All (780)');
  expect(await downloadsXlsx(page, budget.getByRole('button', { name: 'Export XLSX' }))).toContain(
    'CBD-01',
  );

  // The worst home first: its trace takes the list's place and reaches the central office.
  const worst = homes.getByRole('button', { name: /^Trace / }).first();
  const name = (await worst.textContent()) ?? '';
  expect(name).toMatch(/^NBO-/);
  await worst.click();
  const trace = page.getByRole('region', { name: 'Fibre trace' });
  await expect(trace.getByText(`Trace: ${name}`)).toBeVisible();
  await expect(budget).toBeHidden();
  await expect(trace.getByText('Reaches an OLT port')).toBeVisible();
  await expect(
    trace.getByRole('table', { name: 'Hops of the trace' }).getByRole('row', { name: /OLT port/ }),
  ).toBeVisible();
  await downloadsXlsx(page, trace.getByRole('button', { name: 'Export XLSX' }));

  // Back to the list, where it was.
  await trace.getByRole('button', { name: 'Back to Loss budget: CBD-01' }).click();
  await expect(trace).toBeHidden();
  await expect(homes.getByRole('button', { name: `Trace ${name}` })).toBeVisible();
  await budget.getByRole('button', { name: 'Close the list' }).click();
  await expect(budget).toBeHidden();
});

test('opens the central office of CBD-01 and lists the homes an OLT port serves, on the map', async ({
  page,
  request,
}) => {
  await openMap(page, await demoCluster(request), null);
  await page.getByRole('button', { name: 'Central office equipment' }).click();
  const office = page.getByRole('dialog', { name: 'Fibres of CO Nairobi Central' });
  await office.getByRole('tab', { name: 'Splitters and ports' }).click();
  await office
    .getByRole('button', { name: 'Homes served by OLT port OLT 1-1', exact: true })
    .click();
  await expect(office).toBeHidden();

  const served = page.getByRole('region', { name: 'Homes served' });
  await expect(served.getByText(/^\d+ homes · \d+ reach an OLT port · 0 open/)).toBeVisible();
  const homes = served.getByRole('table', { name: 'Homes served by OLT 1-1' });
  await expect(homes.getByRole('button', { name: /^Trace NBO-/ }).first()).toBeVisible();
  expect(await homes.getByRole('button', { name: /^Trace / }).count()).toBeGreaterThan(1);
  await expect(homes.getByText(/^\d+\.\d\d dB$/).first()).toBeVisible();

  // The homes ringed on the map, as a trace's path is.
  const map = await page.getByRole('region', { name: 'Network map' }).boundingBox();
  if (!map) throw new Error('map not visible');
  await expect
    .poll(() => pixelsOfColour(page, { ...map, width: map.width / 2 }, TRACE_ORANGE), {
      timeout: 15_000,
    })
    .toBeGreaterThan(30);

  // One of them traced, back to this very port.
  const first = homes.getByRole('button', { name: /^Trace / }).first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  const trace = page.getByRole('region', { name: 'Fibre trace' });
  await expect(trace.getByText(`Trace: ${name}`)).toBeVisible();
  await expect(
    trace
      .getByRole('table', { name: 'Hops of the trace' })
      .getByRole('row', { name: /OLT 1, port 1\b/ }),
  ).toBeVisible();
});

test('splices a fibre of a cable passing through a new closure mid-span, and makes it whole again', async ({
  page,
  request,
}) => {
  // The demo's feeder NBO-CBL-0025 (central office → NBO-FDT-0001), a tenth of the way along,
  // where nothing else lies: a splice closure drawn on it there and a 12-fibre spur from it.
  const ws = await demoCluster(request);
  const headers = { authorization: `Bearer ${ws.token}` };
  const cables = (await (
    await request.get(`/api/networkelements/cable/cluster/${ws.clusterId}`, { headers })
  ).json()) as { data: { id: number; name: string; coordinates: LatLng[] }[] };
  const feeder = cables.data.find((c) => c.name === 'NBO-CBL-0025');
  const [start, end] = feeder?.coordinates ?? [];
  if (!feeder || !start || !end || feeder.coordinates.length !== 2)
    throw new Error('demo feeder NBO-CBL-0025 missing or not straight');
  const spot = {
    lat: start.lat + (end.lat - start.lat) / 10,
    lng: start.lng + (end.lng - start.lng) / 10,
  };
  const view: View = { ...spot, zoom: 18 };
  const name = unique('SC mid');
  const spurName = unique('Spur');
  const [closure] = await createElements(request, ws, 'spliceclosure', [
    { coordinates: spot, name },
  ]);
  const [spur] = await createElements(request, ws, 'cable', [
    { coordinates: [spot, offset(0, -60, spot)], name: spurName, attributes: { Capacity: '12' } },
  ]);
  try {
    // A spare fibre of the feeder, free all along.
    const fibres = (await (
      await request.get(`/api/fibre/cables/${feeder.id}/fibres`, { headers })
    ).json()) as {
      data: { fibres: { number: number; status: string; colour: { name: string } }[] };
    };
    const spare = fibres.data.fibres.filter((f) => f.status === 'free').at(-1);
    if (!spare) throw new Error('no free fibre in the feeder');
    const fibre = `Fibre ${spare.number}, ${spare.colour.name}`;

    await openMap(page, ws, view);
    await button(page, 'Get Info').click();
    await clickMarker(page, spot, view);
    await page.getByRole('dialog').getByRole('button', { name: 'Fibres' }).click();
    const editor = page.getByRole('dialog', { name: `Fibres of ${name}` });
    const trunk = editor.getByRole('region', { name: 'NBO-CBL-0025' });
    await expect(trunk.getByText(/passes through uncut/)).toBeVisible();
    // Its two sides, named by where its fibres are spliced each way.
    const towardsOffice = trunk.getByRole('group', { name: 'Towards CO Nairobi Central' });
    const towardsFdt = trunk.getByRole('group', { name: 'Towards NBO-FDT-0001' });
    await expect(towardsOffice.getByRole('button', { name: `${fibre}, free` })).toBeVisible();

    // The spare fibre's piece towards the FDT-SRO onto the spur's first fibre: cut here.
    await towardsFdt.getByRole('button', { name: `${fibre}, free` }).click();
    await editor
      .getByRole('region', { name: spurName })
      .getByRole('button', { name: 'Fibre 1, blue, free' })
      .click();
    const chosen = editor.getByRole('region', { name: 'Chosen' });
    await expect(chosen.getByText(/— Towards NBO-FDT-0001$/)).toBeVisible();
    await chosen.getByRole('button', { name: 'Connect' }).click();
    await expect(
      towardsFdt.getByRole('button', { name: `${fibre}, used — ${spurName}, fibre 1` }),
    ).toBeVisible();
    // The other piece, towards the central office, is open here: free to splice.
    await expect(towardsOffice.getByRole('button', { name: `${fibre}, free` })).toBeVisible();

    // Listed among the connections; deleted, the fibre is whole and free again.
    await editor.getByRole('tab', { name: 'Connections (1)' }).click();
    const list = editor.getByRole('list', { name: 'Connections' });
    await expect(list).toContainText(`NBO-CBL-0025, fibre ${spare.number}`);
    await expect(list).toContainText(`${spurName}, fibre 1`);
    await list.getByRole('button', { name: /^Delete connection / }).click();
    await expect(editor.getByRole('tab', { name: 'Connections (0)' })).toBeVisible();
    await editor.getByRole('tab', { name: /^Cables/ }).click();
    await expect(towardsFdt.getByRole('button', { name: `${fibre}, free` })).toBeVisible();
    await expect(towardsOffice.getByRole('button', { name: `${fibre}, free` })).toBeVisible();
  } finally {
    // The demo as it was, for the specs after this one.
    for (const [segment, element] of [
      ['cable', spur],
      ['spliceclosure', closure],
    ] as const) {
      if (element)
        await request.post(`/api/networkelements/${segment}/delete/multiple`, {
          headers,
          data: { data: [element.id] },
        });
    }
  }
});

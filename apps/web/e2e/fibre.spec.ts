import { expect, test, type Page } from '@playwright/test';
import {
  button,
  clickMarker,
  createElements,
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
  await expect(trace.getByText(/dB at\s1310\snm/)).toBeVisible();
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

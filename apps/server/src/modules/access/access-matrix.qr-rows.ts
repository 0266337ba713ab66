import { sql } from 'drizzle-orm';
import { idOf } from '../../test/seeded.ts';
import { bearer } from '../../test/test-app.ts';
import {
  LIST,
  MISSING,
  PLANNER,
  READ,
  t,
  target,
  tokens,
  type Row,
  type Who,
} from './access-matrix.fixtures.ts';

/**
 * A tag's code is printed on a pole: to someone who may not read its project it answers as an
 * unknown code (404), not as forbidden, so a stranger learns nothing from a label.
 */
const TAG = { signedOut: 401, viewer: 404, planner: 200, admin: 200 };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

const demoTemplate = () =>
  idOf(t.db, sql`SELECT id FROM qr_templates WHERE name = 'Poles CBD-01'`, 'Poles CBD-01');

const poleTemplate = () =>
  idOf(
    t.db,
    sql`SELECT id FROM element_templates
        WHERE project_id = ${target.nairobiCbd} AND type = 'Pole' AND is_default`,
    'the Pole template of Nairobi CBD',
  );

let serial = 0;
const createBody = async (who: Who) => ({
  name: `Matrix ${who}`,
  noOfTags: 2,
  prefix: `MX${who.slice(0, 2).toUpperCase()}${++serial}`,
  networkElementTypeId: 3,
  clusterId: target.cbd01,
  templateId: await poleTemplate(),
});

/** A throwaway template of CBD-01 made by the admin: its id and first tag's code. */
async function throwawayTemplate(): Promise<{ id: number; code: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/qrcode/templates/create',
    payload: await createBody('admin'),
    headers: bearer(tokens.admin ?? ''),
  });
  const { id, prefix } = response.json<{ data: { id: number; prefix: string } }>().data;
  return { id, code: `${prefix}00001` };
}

const pole = () =>
  idOf(
    t.db,
    sql`SELECT id FROM network_elements WHERE cluster_id = ${target.cbd01} AND type = 'Pole'
        AND deleted_at IS NULL ORDER BY id LIMIT 1`,
    'a pole of CBD-01',
  );

/** The rows of the QR tags module. */
export const QR_ROWS: Row[] = [
  {
    label: 'GET /api/qrcode/templates',
    method: 'GET',
    request: async () => ({ url: '/api/qrcode/templates' }),
    expected: LIST,
    includesTarget: (data) =>
      data.some((q) => (q as unknown as { name: string }).name === 'Poles CBD-01'),
  },
  {
    label: 'GET /api/qrcode/templates/cluster/:clusterId (CBD-01)',
    method: 'GET',
    request: async () => ({ url: `/api/qrcode/templates/cluster/${target.cbd01}` }),
    expected: READ,
  },
  {
    label: 'GET /api/qrcode/templates/cluster/:clusterId (missing)',
    method: 'GET',
    request: async () => ({ url: '/api/qrcode/templates/cluster/999999' }),
    expected: MISSING,
  },
  {
    label: 'POST /api/qrcode/templates/create (CBD-01, planner via the CO)',
    method: 'POST',
    request: async (who) => ({
      url: '/api/qrcode/templates/create',
      payload: await createBody(who),
    }),
    expected: PLANNER,
  },
  {
    label: 'POST /api/qrcode/templates/update/:id',
    method: 'POST',
    request: async () => ({
      url: `/api/qrcode/templates/update/${(await throwawayTemplate()).id}`,
      payload: { name: 'Renamed', extraTags: 1 },
    }),
    expected: PLANNER,
  },
  {
    label: 'DELETE /api/qrcode/templates/:id',
    method: 'DELETE',
    request: async () => ({ url: `/api/qrcode/templates/${(await throwawayTemplate()).id}` }),
    expected: PLANNER,
  },
  {
    label: 'GET /api/qrcode/templates/generate/:id',
    method: 'GET',
    request: async () => ({ url: `/api/qrcode/templates/generate/${await demoTemplate()}?to=3` }),
    expected: READ,
  },
  {
    label: 'GET /api/qrcode/templates/excel/:id',
    method: 'GET',
    request: async () => ({ url: `/api/qrcode/templates/excel/${await demoTemplate()}` }),
    expected: READ,
  },
  {
    label: 'GET /api/qrcode/templates/:id/labels/fit',
    method: 'GET',
    request: async () => ({
      url: `/api/qrcode/templates/${await demoTemplate()}/labels/fit?layout=a4-21`,
    }),
    expected: READ,
  },
  {
    label: 'GET /api/qrcode/link-base',
    method: 'GET',
    request: async () => ({ url: '/api/qrcode/link-base' }),
    expected: LIST,
  },
  {
    label: 'GET /api/qrcode/templates/:id/tags',
    method: 'GET',
    request: async () => ({ url: `/api/qrcode/templates/${await demoTemplate()}/tags` }),
    expected: READ,
  },
  {
    label: 'GET /api/qrcode/tags/:code',
    method: 'GET',
    request: async () => ({ url: '/api/qrcode/tags/POL00001' }),
    expected: TAG,
  },
  {
    label: 'GET /api/qrcode/tags/:code/nearby',
    method: 'GET',
    request: async () => ({ url: '/api/qrcode/tags/POL00001/nearby?lat=-1.2841&lng=36.8233' }),
    expected: TAG,
  },
  {
    label: 'POST /api/qrcode/tags/:code/scan',
    method: 'POST',
    request: async () => ({
      url: `/api/qrcode/tags/${(await throwawayTemplate()).code}/scan`,
      payload: { elementId: await pole() },
    }),
    expected: TAG,
  },
  {
    label: 'POST /api/qrcode/tags/:code/photos',
    method: 'POST',
    request: async () => ({
      url: `/api/qrcode/tags/${(await throwawayTemplate()).code}/photos`,
      payload: PNG,
      headers: { 'content-type': 'image/png' },
    }),
    expected: TAG,
  },
  {
    label: 'GET /api/qrcode/tags/:code/photos/:photoId',
    method: 'GET',
    request: async () => ({
      url: `/api/qrcode/tags/POL00001/photos/${await idOf(
        t.db,
        sql`SELECT p.id FROM qr_tag_photos p JOIN qr_tags g ON g.id = p.tag_id
            WHERE g.code = 'POL00001' ORDER BY p.id LIMIT 1`,
        'the photo of POL00001',
      )}`,
    }),
    expected: TAG,
  },
  {
    // A planner of the cluster may take away any photo of its tags (here one the admin took).
    label: 'DELETE /api/qrcode/tags/:code/photos/:photoId',
    method: 'DELETE',
    request: async () => {
      const { code } = await throwawayTemplate();
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/qrcode/tags/${code}/photos`,
        payload: PNG,
        headers: { ...bearer(tokens.admin ?? ''), 'content-type': 'image/png' },
      });
      const photoId = uploaded.json<{ data: { id: number } }>().data.id;
      return { url: `/api/qrcode/tags/${code}/photos/${photoId}` };
    },
    expected: TAG,
  },
];

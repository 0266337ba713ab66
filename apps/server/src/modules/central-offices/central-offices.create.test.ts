import { describe, expect, it } from 'vitest';
import type { CentralOffice } from '@integration/contracts';
import {
  admin,
  create,
  freshOffice,
  ids,
  officesOf,
  planner,
  post,
  useCentralOfficesApp,
} from './central-offices.fixtures.ts';

useCentralOfficesApp();

describe('POST /api/centraloffices/centraloffice/create', () => {
  it('creates an empty CO in the project and says so', async () => {
    const response = await create({ projectId: ids.nairobiCbd, name: 'CO Nairobi East' });
    expect(response.statusCode).toBe(200);
    const json = response.json<{ status: boolean; data: CentralOffice; message: string }>();
    expect(json).toMatchObject({
      status: true,
      message: "Central office 'CO Nairobi East' created.",
      data: {
        name: 'CO Nairobi East',
        projectId: ids.nairobiCbd,
        users: [],
        _count: { clusters: 0 },
      },
    });
    expect((await officesOf(ids.nairobiCbd)).map((o) => o.name)).toContain('CO Nairobi East');
    // The project's planner sees it too.
    expect((await officesOf(ids.nairobiCbd, planner)).map((o) => o.id)).toContain(json.data.id);
  });

  it('trims the name', async () => {
    const office = await freshOffice('   CO Padded   ');
    expect(office.name).toBe('CO Padded');
  });

  it('refuses a name already used in the project, whatever its case, with 409', async () => {
    const response = await create({ projectId: ids.nairobiCbd, name: 'co NAIROBI central' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: false,
      statusCode: 409,
      error: 'CONFLICT',
      message: "A central office named 'co NAIROBI central' already exists in this project.",
    });
    expect(
      (await officesOf(ids.nairobiCbd)).filter(
        (o) => o.name.toLowerCase() === 'co nairobi central',
      ),
    ).toHaveLength(1);
  });

  it('allows the same name in another project', async () => {
    const office = await freshOffice('CO Nairobi Central', ids.kilimani);
    expect(office.projectId).toBe(ids.kilimani);
  });

  it.each([
    ['a blank name', () => ({ projectId: ids.nairobiCbd, name: '   ' }), "'name' is required."],
    ['no name', () => ({ projectId: ids.nairobiCbd }), "'name' is required."],
    ['no project', () => ({ name: 'CO X' }), "'projectId' is required."],
    ['a malformed project', () => ({ projectId: 'x', name: 'CO X' }), "'projectId'"],
  ])('refuses %s with 400 naming the field', async (_label, payload, message) => {
    const response = await create(payload());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, error: 'VALIDATION_ERROR' });
    expect(response.json().message).toContain(message);
  });

  it('answers an admin 404 for an unknown project', async () => {
    const response = await create({ projectId: 999999, name: 'CO Nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Project 999999 was not found.');
  });

  it('is for admins only, even for the project’s planner', async () => {
    const response = await create({ projectId: ids.nairobiCbd, name: 'CO By Planner' }, planner);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
    expect((await officesOf(ids.nairobiCbd)).map((o) => o.name)).not.toContain('CO By Planner');
  });

  it('answers in French with ?locale=fr or Accept-Language: fr', async () => {
    const created = await post(
      '/api/centraloffices/centraloffice/create?locale=fr',
      { projectId: ids.nairobiCbd, name: 'CO Gare' },
      admin,
    );
    expect(created.json().message).toBe('Central « CO Gare » créé.');
    const duplicate = await create({ projectId: ids.nairobiCbd, name: 'co gare' }, admin, {
      'accept-language': 'fr-FR,fr;q=0.9',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(
      'Un central nommé « co gare » existe déjà dans ce projet.',
    );
    const refused = await create({ projectId: ids.nairobiCbd, name: 'CO Y' }, planner, {
      'accept-language': 'fr',
    });
    expect(refused.json().message).toBe("Vous n'avez pas l'autorisation de faire cela.");
  });
});

import { describe, expect, it } from 'vitest';
import {
  addUsers,
  admin,
  freshOffice,
  ids,
  officesOf,
  planner,
  post,
  remove,
  useCentralOfficesApp,
} from './central-offices.fixtures.ts';

useCentralOfficesApp();

describe('DELETE /api/centraloffices/centraloffice/delete/:id', () => {
  it('refuses a CO that still has clusters with 409 naming them', async () => {
    const response = await remove(ids.nairobiCentral);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: false,
      statusCode: 409,
      error: 'CONFLICT',
      message:
        "Central office 'CO Nairobi Central' still has 2 cluster(s): CBD-01, CBD-02. Delete them first, or type its name to delete it with them.",
      details: { counts: expect.objectContaining({ clusters: 2 }) },
    });
    const fr = await remove(ids.nairobiCentral, admin, { 'accept-language': 'fr' });
    expect(fr.json().message).toBe(
      "Le central « CO Nairobi Central » contient encore 2 cluster(s) : CBD-01, CBD-02. Supprimez-les d'abord, ou saisissez son nom pour le supprimer avec eux.",
    );
    expect((await officesOf(ids.nairobiCbd)).map((o) => o.id)).toContain(ids.nairobiCentral);
  });

  it('deletes an empty CO, its user assignments with it', async () => {
    const office = await freshOffice('CO Doomed');
    await addUsers(office.id, [ids.field]);
    const response = await remove(office.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      data: null,
      message: "Central office 'CO Doomed' deleted.",
    });
    expect((await officesOf(ids.nairobiCbd)).map((o) => o.id)).not.toContain(office.id);
    const again = await remove(office.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`Central office ${office.id} was not found.`);
    // The name is free again.
    expect((await freshOffice('CO Doomed')).name).toBe('CO Doomed');
  });

  it('refuses a CO whose only cluster was just created', async () => {
    const office = await freshOffice('CO With Cluster');
    const cluster = await post(
      '/api/clusters/cluster/create',
      { centralOfficeId: office.id, name: 'NEW-01' },
      admin,
    );
    expect(cluster.statusCode).toBe(200);
    const response = await remove(office.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      "Central office 'CO With Cluster' still has 1 cluster(s): NEW-01. Delete them first, or type its name to delete it with them.",
    );
  });

  it('is for admins only, and 400 for a malformed id', async () => {
    const office = await freshOffice('CO Kept');
    const refused = await remove(office.id, planner);
    expect(refused.statusCode).toBe(403);
    expect((await officesOf(ids.nairobiCbd)).map((o) => o.id)).toContain(office.id);
    const malformed = await remove(Number.NaN);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("'id'");
  });
});

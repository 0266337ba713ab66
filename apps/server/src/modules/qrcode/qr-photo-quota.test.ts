import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/test-app.ts';
import {
  createTemplate,
  noiseImage,
  t,
  tagsOf,
  tokens,
  uploadPhoto,
  useQrApp,
  view,
} from './qr.fixtures.ts';

const KB = 1024;
useQrApp({ photoQuota: { userBytes: 1000 * KB, projectBytes: 1500 * KB } });

describe('photo quotas (issue 25, finding 5)', () => {
  it('refuses a photo beyond a person’s or a project’s quota with 413 naming it, and a deleted photo frees room', async () => {
    const [first, second] = await tagsOf((await createTemplate({ noOfTags: 2 })).id);
    if (!first || !second) throw new Error('two tags');
    // About 400 kB each: noise does not compress, and a photo this small is kept as it came.
    const photo = () => noiseImage(370, 360);

    for (const _ of [1, 2]) {
      const ok = await uploadPhoto(first.code, await photo(), 'image/png');
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const mine = await uploadPhoto(first.code, await photo(), 'image/png');
    expect(mine.statusCode).toBe(413);
    expect(mine.json<{ message: string }>().message, mine.body).toMatch(
      /^This photo \(0\.38 MB\) would take your photos in project .+ beyond the 0\.98 MB each person may keep there \(0\.7\d MB used\)/,
    );

    expect(
      (await uploadPhoto(second.code, await photo(), 'image/png', tokens.planner)).statusCode,
    ).toBe(200);
    const project = await uploadPhoto(second.code, await photo(), 'image/png', tokens.planner);
    expect(project.statusCode).toBe(413);
    expect(project.json<{ message: string }>().message).toMatch(
      /^This photo \(0\.38 MB\) would take the photos of project .+ beyond the 1\.5 MB a project may keep \(1\.1 MB used\)/,
    );
    const french = await t.app.inject({
      method: 'POST',
      url: `/api/qrcode/tags/${second.code}/photos`,
      payload: await photo(),
      headers: { ...bearer(tokens.planner), 'content-type': 'image/png', 'accept-language': 'fr' },
    });
    expect(french.json<{ message: string }>().message).toMatch(
      /^Cette photo \(0[.,]38 Mo\) porterait les photos du projet .+ qu’un projet peut garder/,
    );

    // The field user may delete their own photo, not the planner's; a viewer none.
    const [own] = (await view(first.code)).photos;
    const [planners] = (await view(second.code)).photos;
    const remove = (code: string, id: number | undefined, token: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/qrcode/tags/${code}/photos/${id}`,
        headers: bearer(token),
      });
    expect((await remove(second.code, planners, tokens.field)).statusCode).toBe(403);
    expect((await remove(first.code, own, tokens.viewer)).statusCode).toBe(404);
    expect((await remove(first.code, own, tokens.field)).statusCode).toBe(200);
    expect((await uploadPhoto(first.code, await photo(), 'image/png')).statusCode).toBe(200);
  }, 60_000);
});

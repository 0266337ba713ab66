import { expect, test } from '@playwright/test';
import type { LatLng, MapElement, QrTagView } from '@integration/contracts';
import { apiLogin } from './support/server.ts';
import { signIn } from './support/ui.ts';

// A field crew's phone in French: 390 × 844, fingers only, with a position.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const FIELD = { email: 'field@example.com', password: 'field1234' };

test('in French, the scan page gives the nearest elements their direction (SO) and translates property names and N/A', async ({
  page,
  context,
  request,
}) => {
  const token = await apiLogin(request, FIELD.email, FIELD.password);
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const tag = (
    (await (await request.get('/api/qrcode/tags/PBO00015', auth)).json()) as {
      data: QrTagView;
    }
  ).data;
  const pbos = (
    (await (
      await request.get(`/api/networkelements/pbofat/cluster/${tag.template.clusterId}`, auth)
    ).json()) as { data: MapElement[] }
  ).data.sort((a, b) => a.id - b.id);
  const at = pbos[15]?.coordinates as LatLng;
  // A few metres north-east of the PBO: it lies south-west, "SO" in French.
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({
    latitude: at.lat + 3 / 111_320,
    longitude: at.lng + 3 / 111_320,
    accuracy: 6,
  });

  await signIn(page, FIELD.email, FIELD.password);
  await page.evaluate(() => localStorage.setItem('locale', 'fr'));
  await page.goto('/t/PBO00015');
  await expect(page.getByRole('heading', { name: 'PBO00015', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Type d’élément PBO-FAT' })).toBeVisible();
  const details = page.getByRole('table', { name: 'Détails de l’étiquette' });
  await expect(details.getByRole('row', { name: 'Propriétaire Safaricom' })).toBeVisible();
  // A free text has no property: said in French, not "N/A".
  await expect(details.getByRole('row', { name: /^Sans objet Call NOC/ })).toBeVisible();

  const choices = page.getByRole('radio');
  await expect(choices.first()).toHaveAccessibleName(/ [3-5] m SO /);
  await expect(page.getByRole('img', { name: /^Carte de votre position/ })).toBeVisible();
});

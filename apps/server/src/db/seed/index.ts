import { PLATFORM_NAME } from '@integration/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../database.ts';
import { templatesRepository } from '../../modules/templates/templates.repository.ts';
import { seedDemoLocations } from './demo-locations.seed.ts';
import { seedDemoNetwork } from './demo-network.seed.ts';
import { seedDemoPrices } from './demo-prices.seed.ts';
import { seedFibreLighting } from './fibre-lighting.ts';
import { seedDemoQr } from './demo-qr.seed.ts';
import { seedDemoRoads } from './demo-roads.seed.ts';
import { seedDemoReports } from '../../modules/reports/ready-made-reports.ts';
import { DEMO_USERS, seedDemo } from './demo.seed.ts';
import { seedPlatforms } from './platforms.seed.ts';
import { usersRepository } from '../../modules/users/users.repository.ts';
import { ensureUser } from './users.seed.ts';
import { passwordWeakness } from '@integration/contracts/password-strength';
import { translate } from '../../i18n/translate.ts';
import { WEAKNESS_MESSAGES } from '../../modules/auth/password-strength.ts';

export const EMBEDDED_DEFAULT_ADMIN = { email: 'admin@example.com', password: 'admin1234' };

export interface SeedReport {
  /** The admin sign-in to print, when it is the embedded database's default. */
  admin?: { email: string; password?: string };
  /** Said when the admin was just created with a weak ADMIN_PASSWORD. */
  weakAdminPassword?: string;
  demo: boolean;
}

/**
 * Start-up data: the platforms, the first admin, and on the embedded database (or with
 * SEED_DEMO=1) the demo organisation. Everything here is idempotent.
 */
export async function seedDatabase(
  db: Database,
  config: Pick<Config, 'publicUrl' | 'adminEmail' | 'adminPassword' | 'seedDemo'>,
): Promise<SeedReport> {
  await seedPlatforms(db, config.publicUrl, config.seedDemo);
  const embedded = db.kind === 'pglite';
  const email = config.adminEmail ?? (embedded ? EMBEDDED_DEFAULT_ADMIN.email : undefined);
  const password = config.adminPassword ?? (embedded ? EMBEDDED_DEFAULT_ADMIN.password : undefined);
  const report: SeedReport = { demo: config.seedDemo };
  if (email && password) {
    const admin = await ensureUser(db, {
      email,
      password,
      name: 'Administrator',
      role: 'admin',
      platforms: config.seedDemo ? [PLATFORM_NAME, 'ticketing', 'materials'] : [PLATFORM_NAME],
    });
    report.admin = { email, password: config.adminPassword ? undefined : password };
    // ADMIN_PASSWORD is the operator's choice, set once at the first start: a weak one is
    // said loudly rather than refused (refusing would leave the installation with no admin).
    const weakness =
      admin.created && config.adminPassword
        ? passwordWeakness(config.adminPassword, { email })
        : null;
    if (weakness) {
      report.weakAdminPassword = translate('en', 'accounts.weakAdminPassword', {
        reason: translate('en', WEAKNESS_MESSAGES[weakness], { min: 8 }),
      });
      console.warn(`\n  ${report.weakAdminPassword}\n`);
    }
  }
  if (config.seedDemo) {
    await seedDemo(db);
    await seedDemoLocations(db);
  }
  // Every project has a default template of every element type.
  await templatesRepository.ensureDefaults(db);
  if (config.seedDemo && email) {
    await seedDemoNetwork(db, email);
    await seedFibreLighting(db, email);
    await seedDemoQrOf(db, email);
    await seedDemoRoads(db);
    await seedDemoPrices(db);
  }
  return report;
}

/**
 * The QR demo, scanned by the demo field user, once the network it links to exists; the
 * ready-made reports of the admin and the demo planner.
 */
async function seedDemoQrOf(db: Database, adminEmail: string): Promise<void> {
  const admin = await usersRepository.findByEmail(db, adminEmail);
  const field = await usersRepository.findByEmail(db, DEMO_USERS.field.email);
  if (admin && field) await seedDemoQr(db, admin.id, field.id);
  const planner = await usersRepository.findByEmail(db, DEMO_USERS.planner.email);
  await seedDemoReports(
    db,
    [admin?.id, planner?.id].filter((id) => id !== undefined),
  );
}

#!/usr/bin/env bash
# Builds the upgrade test's fixture: the database of an earlier release (by default the commit
# before the latest migration was added), made by that release's own migrations, demo seed and
# API, as its data (INSERTs) plus the list of its migrations. The upgrade test
# (apps/server/src/db/upgrade.test.ts) loads it and upgrades it with this tree's migrations.
# Run it again whenever a migration is added:   scripts/make-upgrade-fixture.sh [COMMIT]
# Needs: git, node_modules installed here, PostgreSQL on 127.0.0.1:5432 (trust) with PostGIS.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
latest=$(ls apps/server/src/db/migrations | grep -E '^[0-9]{4}_.+\.sql$' | sort | tail -1)
commit=${1:-$(git log -n1 --format=%H --diff-filter=A -- "apps/server/src/db/migrations/$latest")^}
commit=$(git rev-parse "$commit")
out=apps/server/src/db/upgrade/previous-release.sql.gz
tree=$(mktemp -d /tmp/integration-release-XXXXXX)
db=integration_upgrade_fixture_$$
psql_admin() { psql -h 127.0.0.1 -U postgres -d postgres -v ON_ERROR_STOP=1 -q "$@"; }
cleanup() {
  psql_admin -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  git worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"
}
trap cleanup EXIT

echo "== release $commit (before $latest) into $tree"
git worktree add -q --detach "$tree" "$commit"
# This tree's packages, but that release's own workspaces.
mkdir -p "$tree/node_modules/@integration"
for entry in node_modules/* node_modules/.bin; do
  [ "$(basename "$entry")" = "@integration" ] || ln -s "$root/$entry" "$tree/node_modules/"
done
ln -s "$tree/packages/contracts" "$tree/node_modules/@integration/contracts"
ln -s "$tree/apps/server" "$tree/node_modules/@integration/server"

# That release migrates and seeds, then a user edits through its API: history rows, a report.
cat > "$tree/make-release-db.ts" <<'TS'
import { buildApp } from './apps/server/src/app.ts';
import { migrate } from './apps/server/src/db/migrate.ts';
import { openPostgres } from './apps/server/src/db/postgres.ts';
import { seedDatabase } from './apps/server/src/db/seed/index.ts';
import { baseTestConfig, testSeedConfig } from './apps/server/src/test/test-database.ts';

const db = await openPostgres(process.argv[2] ?? '');
await migrate(db);
await seedDatabase(db, testSeedConfig());
const app = await buildApp({ config: baseTestConfig(), db, logger: false });
const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
  const answer = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  if (answer.statusCode !== 200) throw new Error(`${method} ${url}: ${answer.body}`);
  return answer.json<{ data: unknown }>().data;
};
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'planner@example.com', password: 'planner1234', platform: 'integration' },
});
const token = login.json<{ access_token: string }>().access_token;
const [pole] = await db.rows<{ id: number; version: number }>(
  (await import('drizzle-orm')).sql`SELECT e.id, e.version FROM network_elements e
    JOIN clusters c ON c.id = e.cluster_id WHERE c.name = 'CBD-01' AND e.type = 'Pole'
    ORDER BY e.id LIMIT 1`,
);
if (!pole) throw new Error('no pole in CBD-01');
await call('POST', '/api/networkelements/pole/edit/multiple', token, {
  data: [{ id: pole.id, name: 'Pole edited before the upgrade', version: pole.version }],
});
await call('POST', '/api/integration/reports/create', token, {
  name: 'Report saved before the upgrade',
  description: '',
  metrics: [{ metricId: 'm1', tableInfo: 'Project Info', metricType: 'ProjectInfo', attributeName: 'cableMetres' }],
  visualizations: [{ chartType: 'BAR', metricIndices: [0] }],
});
await app.close();
await db.close();
TS
psql_admin -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db"
(cd "$tree" && npx tsx make-release-db.ts "postgres://postgres@127.0.0.1:5432/$db")

echo "== dumping its data into $out"
migrations=$(psql -h 127.0.0.1 -U postgres -d "$db" -Atc "SELECT string_agg(id, ',' ORDER BY id) FROM schema_migrations")
{
  echo "-- release: $commit"
  echo "-- migrations: $migrations"
  # Rows and sequence positions only: the test builds the schema with the same migration files.
  # pg_dump's session settings and psql meta-commands (\restrict) are left out.
  pg_dump -h 127.0.0.1 -U postgres --data-only --column-inserts --rows-per-insert=500 \
    --no-owner --no-privileges --exclude-table-data=schema_migrations "$db" |
    grep -Ev '^(SET |SELECT pg_catalog.set_config|\\)'
} | gzip -9 > "$out"
ls -l "$out"

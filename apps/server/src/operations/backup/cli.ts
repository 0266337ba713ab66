import { loadConfig } from '../../config.ts';
import { backup, restore } from './backup.ts';

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE`, reading DATA_DIR and DATABASE_URL
 * like the server (see the README's "Backup and restore").
 */
async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('Usage: npm run backup -- FILE   |   npm run restore -- FILE');
    process.exit(2);
  }
  const config = loadConfig();
  const log = (line: string) => console.log(`  ${line}`);
  const manifest = await (command === 'backup' ? backup : restore)(config, file, log);
  const database = manifest.database === 'postgres' ? 'PostgreSQL' : 'the embedded database';
  console.log(
    command === 'backup'
      ? `\n  Backed up ${database} and ${manifest.photos} photo(s) to ${file}.\n`
      : `\n  Restored ${database} (backed up ${manifest.createdAt}) and ${manifest.photos} photo(s).` +
          '\n  Start the server: it applies any migration this release adds.\n',
  );
}

main().catch((error: unknown) => {
  console.error(`\n  ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

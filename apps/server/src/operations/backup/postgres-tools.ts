import { spawn } from 'node:child_process';

/**
 * pg_dump and pg_restore, PostgreSQL's own tools for a custom-format dump: they know every
 * object (PostGIS included) and restore in dependency order. The password travels in the
 * environment, not on the command line where `ps` would show it.
 */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    url: url.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 64 * 1024) stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${tool} is not installed: install PostgreSQL's client tools of the server's ` +
                'version or newer (on Debian: apt-get install postgresql-client-15).',
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${tool} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

/** The whole database as a custom-format dump (compressed; restores selectively). */
export function pgDump(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = connection(databaseUrl);
  return run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`],
    env,
  );
}

/** Into an empty database, all or nothing: the first error rolls everything back. */
export function pgRestore(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = connection(databaseUrl);
  return run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${url}`,
      file,
    ],
    env,
  );
}

/** The environment of a server the end-to-end tests start (the main one, or more instances). */
export function e2eServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    // On PostgreSQL (CI's second pass) the demo data is seeded on request.
    SEED_DEMO: '1',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'admin1234',
    LOGIN_MAX_PER_IP: '1000',
    LOG_LEVEL: 'warn',
    // Hermetic base layers: tiles from a path that answers at once (404), no internet needed.
    BASEMAPS: JSON.stringify(
      ['terrain', 'satellite', 'roadmap', 'hybrid'].map((id) => ({
        id,
        tiles: [`/api/e2e-tiles/${id}/{z}/{x}/{y}.png`],
      })),
    ),
  };
}

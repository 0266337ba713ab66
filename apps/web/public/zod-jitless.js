// Our Content-Security-Policy allows no eval. Zod's compiled parsers probe `Function('')` when
// a schema is built, which the browser reports as a violation; this classic script runs before
// the app's modules and makes zod use its interpreter (zod reads this global at load).
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

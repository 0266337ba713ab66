declare module 'gdal3.js/node.js' {
  /** gdal3.js's initialiser; the worker narrows its answer to GdalApi (gdal-api.ts). */
  const initGdalJs: (config?: Record<string, unknown>) => Promise<unknown>;
  export default initGdalJs;
}

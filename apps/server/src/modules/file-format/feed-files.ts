import { Feed, type GdalHost } from './gdal-host.ts';
import type { ConvertOutcome, ConvertTask } from './gdal-protocol.ts';

/** One input file of a conversion, sent on the feed a page at a time as its pages are made. */
export interface FedFile {
  /** The file's name on the feed (a streamed layer's `path`). */
  name: string;
  /** Its pages in order; a page may be several pieces (a FlatGeobuf's header, its features). */
  pages: AsyncIterator<(Uint8Array | string)[]>;
}

/**
 * Sends every file's pages on the feed; answers how many pages were sent. GDAL opens every layer
 * before it reads the first (ogr2ogr sets all its layers up; a union opens its parts), so each
 * file's first page goes first, kept by the worker, which reads it more than once while opening
 * (made `firstAtOnce` files at a time: side by side on PostgreSQL's pool); the later pages as
 * GDAL reads them. Stops early when GDAL is over (its error is the answer) or `signal` aborts.
 */
async function feedFiles(
  feed: Feed,
  files: FedFile[],
  options: { firstAtOnce?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const { firstAtOnce = 1, signal } = options;
  let sent = 0;
  const firsts: IteratorResult<(Uint8Array | string)[]>[] = [];
  for (let i = 0; i < files.length; i += firstAtOnce)
    firsts.push(
      ...(await Promise.all(files.slice(i, i + firstAtOnce).map((file) => file.pages.next()))),
    );
  const more: boolean[] = [];
  for (const [i, file] of files.entries()) {
    const first = firsts[i];
    if (first && !first.done) {
      for (const piece of first.value) await feed.send(file.name, piece, false);
      sent++;
    }
    more.push(Boolean(first && !first.done));
    if (!more[i]) feed.end(file.name);
  }
  for (const [i, file] of files.entries()) {
    if (!more[i]) continue;
    for (let page = await file.pages.next(); !page.done; page = await file.pages.next()) {
      if (feed.stopped || signal?.aborted) {
        await file.pages.return?.();
        return sent;
      }
      for (const piece of page.value) await feed.send(file.name, piece, true);
      sent++;
    }
    feed.end(file.name);
  }
  return sent;
}

/**
 * A conversion whose input files are sent on a feed while GDAL reads them (both work at once):
 * GDAL's outcome, the pages sent, and when the last was. A failure while sending fails GDAL's
 * reads too; so does `signal` (the client went away), which then stops the sending.
 */
export async function convertFed(
  gdal: GdalHost,
  task: Omit<ConvertTask, 'feed'>,
  files: FedFile[],
  options: { firstAtOnce?: number; signal?: AbortSignal } = {},
): Promise<{ outcome: ConvertOutcome; pages: number; fedAt: number }> {
  const feed = new Feed();
  const over = gdal
    .run<ConvertOutcome>({ ...task, feed: { port: feed.port, signal: feed.signal } }, [feed.port])
    .finally(() => feed.stop());
  over.catch(() => {});
  const { signal } = options;
  const cancelled = () => feed.abort('the conversion was cancelled');
  signal?.addEventListener('abort', cancelled, { once: true });
  let pages: number;
  try {
    pages = await feedFiles(feed, files, options);
  } catch (error) {
    feed.abort(String(error));
    await over.catch(() => {});
    throw error;
  } finally {
    signal?.removeEventListener('abort', cancelled);
  }
  const fedAt = performance.now();
  return { outcome: await over, pages, fedAt };
}

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_LAYOUTS, labelOrigin, type LabelLayoutId } from './label-layouts.ts';
import { winAnsiText } from './pdf-fonts.ts';
import { writeLabelsPdf, type LabelContent, type LabelsPdfOptions } from './labels-pdf.ts';

const run = promisify(execFile);
const POPPLER = '/usr/bin/pdftoppm';
const DPI = 150;

// pngjs comes with qrcode, without type declarations.
const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: { sync: { read(data: Buffer): { width: number; height: number; data: Buffer } } };
};

const code = (i: number) => `PBO${String(i).padStart(5, '0')}`;
const label = (i: number): LabelContent => ({
  code: code(i),
  link: `HTTP://LOCALHOST:3000/T/${code(i)}`,
  templateName: 'Béton «Sud»',
  details: [
    { property: 'Hauteur', value: '9 m' },
    { property: 'Propriétaire', value: 'Société ivoirienne de télécommunications et de réseaux' },
    { property: 'Ville', value: 'Łódź, Győr' },
  ],
});
const labels = (count: number) => Array.from({ length: count }, (_, i) => label(i + 1));

/** `count` labels made as the writer asks for them, `pulled()` telling how many so far. */
function pulledLabels(count: number) {
  let pulled = 0;
  function* generate() {
    for (let i = 1; i <= count; i++) {
      pulled++;
      yield label(i);
    }
  }
  return { labels: generate(), pulled: () => pulled };
}

async function pdfOf(content: LabelContent[], options: LabelsPdfOptions): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeLabelsPdf(out, content, options);
  await finished(out);
  return Buffer.concat(chunks);
}

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

/** Resolves once `count()` has stopped growing for a while: the writer is waiting. */
async function stalled(count: () => number): Promise<void> {
  let last = -1;
  for (let i = 0; i < 100 && count() !== last; i++) {
    last = count();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('label text', () => {
  it('keeps French and WinAnsi, folds other Latin letters, marks the rest', () => {
    expect(winAnsiText('Éé èà ç ô œŒ «» € …')).toBe('Éé èà ç ô œŒ «» € …');
    expect(winAnsiText('Łódź Győr Iași Ærøskøbing')).toBe('Lódz Gyor Iasi Ærøskøbing');
    expect(winAnsiText('Київ\t12\u202f%\nﬁn')).toBe('???? 12 % fin');
  });
});

describe('labels PDF streaming', () => {
  it('waits for a slow reader between pages, then finishes every page', async () => {
    const out = new PassThrough();
    const source = pulledLabels(2000);
    let settled = false;
    const writing = writeLabelsPdf(out, source.labels, { layout: 'a4-21', title: 'Slow' });
    void writing.finally(() => (settled = true));
    await stalled(source.pulled);
    // A page is ~5 KB compressed: the stream buffers' 2 × 16 KB hold a few pages.
    expect(source.pulled()).toBeLessThan(21 * 12);
    expect(settled).toBe(false);

    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writing;
    await finished(out);
    const pdf = Buffer.concat(chunks);
    expect(pageCount(pdf)).toBe(Math.ceil(2000 / 21));
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('stops when aborted, leaving the output to its owner', async () => {
    const out = new PassThrough();
    const abort = new AbortController();
    let closed = false;
    function* endless() {
      try {
        for (let i = 1; ; i++) yield label(i);
      } finally {
        closed = true;
      }
    }
    const writing = writeLabelsPdf(out, endless(), {
      layout: 'a4-65',
      title: 'Aborted',
      signal: abort.signal,
    });
    out.resume();
    setTimeout(() => abort.abort(new Error('client gone')), 50);
    await expect(writing).rejects.toThrow('client gone');
    expect(closed).toBe(true);
    expect(out.destroyed).toBe(false);
  });

  it('rejects when the output fails while it waits for a drain', async () => {
    const out = new PassThrough();
    const source = pulledLabels(500);
    const writing = writeLabelsPdf(out, source.labels, { layout: 'a4-21', title: 'Failed' });
    out.on('error', () => {}); // the writer's rejection is what this test reads
    await stalled(source.pulled);
    out.destroy(new Error('socket reset'));
    await expect(writing).rejects.toThrow('socket reset');
  });

  it('makes a one-page document of no labels', async () => {
    expect(pageCount(await pdfOf([], { layout: 'a4-21', title: 'Empty' }))).toBe(1);
  });
});

describe.skipIf(!existsSync(POPPLER))('labels PDF read back (pdftoppm, jsqr)', () => {
  let work = '';
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'labels-pdf-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  /** Each page rendered at 150 dpi, as pdftoppm names them. */
  async function render(pdf: Buffer, name: string) {
    const file = path.join(work, `${name}.pdf`);
    await writeFile(file, pdf);
    await run(POPPLER, ['-r', String(DPI), '-png', file, path.join(work, name)]);
    const pages = (await readdir(work)).filter((f) => f.startsWith(`${name}-`)).sort();
    return Promise.all(pages.map(async (f) => PNG.sync.read(await readFile(path.join(work, f)))));
  }

  /** The QR decoded from the label's square (code and quiet zone), or null. */
  function decodeAt(
    page: { width: number; height: number; data: Buffer },
    layoutId: LabelLayoutId,
    position: number,
  ): string | null {
    const layout = LABEL_LAYOUTS[layoutId];
    const { x, y } = labelOrigin(layout, position);
    const px = (pt: number) => Math.round((pt * DPI) / 72);
    const [left, top, side] = [px(x), px(y), px(layout.labelHeightPt)];
    const crop = new Uint8ClampedArray(side * side * 4);
    for (let row = 0; row < side; row++) {
      const start = ((top + row) * page.width + left) * 4;
      crop.set(page.data.subarray(start, start + side * 4), row * side * 4);
    }
    return jsQR(crop, side, side, { inversionAttempts: 'dontInvert' })?.data ?? null;
  }

  it.each([
    { layout: 'a4-21' as const, count: 25, skip: 2, pages: 2 },
    { layout: 'a4-65' as const, count: 6, skip: 0, pages: 1 },
    { layout: 'roll-50x30' as const, count: 2, skip: 0, pages: 2 },
  ])(
    'reads back every code of $count labels on $layout',
    async ({ layout, count, skip, pages }) => {
      const content = labels(count);
      const pdf = await pdfOf(content, { layout, skip, title: 'Étiquettes œuvre' });
      const rendered = await render(pdf, layout);
      expect(rendered).toHaveLength(pages);

      const { perPage } = LABEL_LAYOUTS[layout];
      rendered.forEach((page, p) => {
        for (let position = 0; position < perPage; position++) {
          const expected = content[p * perPage + position - skip]?.link ?? null;
          expect(decodeAt(page, layout, position), `page ${p + 1}, label ${position}`).toBe(
            expected,
          );
        }
      });

      const { stdout: text } = await run('pdftotext', [
        '-layout',
        path.join(work, `${layout}.pdf`),
        '-',
      ]);
      for (const { code } of content) expect(text).toContain(code);
      expect(text).toContain('Béton «Sud»');
      const { stdout: info } = await run('pdfinfo', [path.join(work, `${layout}.pdf`)]);
      expect(info).toMatch(/^Title:\s+Étiquettes œuvre$/m);
    },
  );

  it('prints what WinAnsi lacks as its base letter', async () => {
    const pdf = await pdfOf(labels(1), { layout: 'roll-50x30', title: 'Letters' });
    await writeFile(path.join(work, 'letters.pdf'), pdf);
    const { stdout } = await run('pdftotext', [path.join(work, 'letters.pdf'), '-']);
    expect(stdout).toContain('Ville: Lódz, Gyor');
  });
});

describe.skipIf(!existsSync(POPPLER))('labels with long details (pdftotext)', () => {
  const longLabel: LabelContent = {
    code: 'POL00042',
    link: 'HTTP://LOCALHOST:3000/T/POL00042',
    templateName: 'Poles extension Westlands phase two',
    details: [
      { property: 'Owner', value: 'Safaricom' },
      { property: '', value: 'Call NOC 0700 000 000 before opening' },
    ],
  };
  const words = [
    longLabel.templateName,
    ...longLabel.details.map((d) => (d.property ? `${d.property}: ${d.value}` : d.value)),
  ].flatMap((text) => text.split(' '));

  it.each(['a4-21', 'a4-65', 'roll-50x30'] as const)(
    'prints every word of the details on %s',
    async (layout) => {
      const work = await mkdtemp(path.join(os.tmpdir(), 'labels-long-'));
      try {
        const file = path.join(work, 'long.pdf');
        await writeFile(file, await pdfOf([longLabel], { layout, title: 'Long' }));
        const { stdout } = await run('pdftotext', ['-raw', file, '-']);
        const printed = stdout.split(/\s+/);
        for (const word of words) expect(printed, `${layout}: ${word}`).toContain(word);
        expect(stdout).not.toContain('…');
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  );
});

import type { IconFrame, IconSymbol } from './icon-symbols.ts';

interface FrameShape {
  /** viewBox width and height: the icon's aspect ratio. */
  size: [number, number];
  outline: string;
  /** Where the 12 × 12 glyph box goes. */
  glyphAt: [number, number];
}

const FRAMES: Record<IconFrame, FrameShape> = {
  pin: {
    size: [24, 32],
    outline: 'M12 30C9.2 26.2 3 19 3 11.5a9 9 0 0 1 18 0C21 19 14.8 26.2 12 30Z',
    glyphAt: [6, 5.5],
  },
  badge: {
    size: [24, 24],
    outline: 'M7.5 2.5h9a5 5 0 0 1 5 5v9a5 5 0 0 1-5 5h-9a5 5 0 0 1-5-5v-9a5 5 0 0 1 5-5Z',
    glyphAt: [6, 6],
  },
  house: {
    size: [24, 24],
    outline: 'M12 2.5 21.5 11H19v10H5V11H2.5Z',
    glyphAt: [6, 6],
  },
};

const XML_ENTITIES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
};
const escapeXml = (text: string) => text.replace(/[<>&"]/g, (ch) => XML_ENTITIES[ch] ?? ch);

/** The height of an icon drawn `width` pixels wide. */
export const iconHeight = (symbol: IconSymbol, width: number) => {
  const [w, h] = FRAMES[symbol.frame].size;
  return Math.round((width * h) / w);
};

/**
 * An icon as SVG text. The outline is drawn twice: a soft dark edge, then a white halo,
 * so the symbol reads on white road maps and on dark satellite imagery alike.
 */
export function renderIcon(symbol: IconSymbol, width: number): string {
  const frame = FRAMES[symbol.frame];
  const [w, h] = frame.size;
  const [gx, gy] = frame.glyphAt;
  const d = frame.outline;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${iconHeight(symbol, width)}" viewBox="0 0 ${w} ${h}">` +
    `<title>${escapeXml(symbol.title)}</title>` +
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity=".35" stroke-width="3.4" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="${symbol.color}" stroke="#fff" stroke-width="1.8" stroke-linejoin="round"/>` +
    `<g transform="translate(${gx} ${gy})">${symbol.glyph(symbol.ink ?? '#fff', symbol.color)}</g>` +
    `</svg>`
  );
}

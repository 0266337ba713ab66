/**
 * Fonts of the labels PDF: pdfkit's built-in Helvetica, not embedded.
 *
 * Why not a TTF: none ships in node_modules (DejaVu sits in /usr/share/fonts on our machines,
 * but a server image need not have it), and the standard fonts keep a 10,000-label PDF small
 * and fast. Their encoding is WinAnsi (Windows-1252): all of French (é è ç à ô œ « » and the
 * narrow no-break space) and Western European text, but not ł ő ș. `winAnsiText` replaces
 * what WinAnsi lacks with its base letter (ő → o, ș → s, ł → l), and anything else
 * (Greek, Cyrillic, CJK…) with "?", since pdfkit would otherwise print garbage for it.
 */
export const LABEL_FONTS = { bold: 'Helvetica-Bold', regular: 'Helvetica' } as const;

/** WinAnsi's characters above Latin-1: its 0x80–0x9F range. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Letters that carry their mark in their shape, so NFKD leaves them whole. */
const BASE_LETTERS: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŧ: 't',
  Ŧ: 'T',
  ŋ: 'n',
  Ŋ: 'N',
  ĸ: 'k',
  '‐': '-',
  '‑': '-',
  '−': '-',
};

const COMBINING_MARKS = /[\u0300-\u036f]/g;

const inWinAnsi = (char: string) => {
  const code = char.charCodeAt(0);
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char)
  );
};

function winAnsiChar(char: string): string {
  if (inWinAnsi(char)) return char;
  if (/\s/.test(char)) return ' ';
  const base = char.normalize('NFKD').replace(COMBINING_MARKS, '');
  if (base && [...base].every(inWinAnsi)) return base;
  return BASE_LETTERS[char] ?? '?';
}

/** `text` on one line, in characters Helvetica can print (see above). */
export function winAnsiText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let out = '';
  for (const char of text) out += winAnsiChar(char);
  return out;
}

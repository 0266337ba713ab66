import { open } from 'node:fs/promises';
import type { MessageKey, MessageVars } from '../../i18n/translate.ts';

/** How to decode a DBF's text: an ENCODING open option for GDAL, or null to let GDAL decide. */
export interface EncodingChoice {
  encoding: string | null;
  warning?: { key: MessageKey; vars: MessageVars };
}

const MULTIBYTE = /^(BIG5|CP9(32|36|49|50)|GB\w*|EUC\w*|SHIFT_JIS|UTF-8)$/;

/** A .cpg's text as an encoding name GDAL knows, or null. Tolerates "ANSI 1250", "cp1252"… */
export function cpgEncoding(cpg: string): string | null {
  const text = cpg.trim().toUpperCase();
  if (/^UTF-?8$/.test(text) || text === '65001') return 'UTF-8';
  if (/^BIG-?5$/.test(text)) return 'BIG5';
  if (/^(GBK|GB2312|GB18030)$/.test(text)) return 'CP936';
  if (/^(SHIFT[-_]?JIS|SJIS)$/.test(text)) return 'CP932';
  const iso = /^(?:ISO[-_ ]?)?8859[-_ ]?(\d{1,2})$/.exec(text);
  if (iso) return `ISO-8859-${iso[1]}`;
  const packedIso = /^8859(\d{1,2})$/.exec(text);
  if (packedIso) return `ISO-8859-${packedIso[1]}`;
  const page = /^(?:ANSI[-_ ]*|CP[-_ ]?|WINDOWS[-_ ]?|OEM[-_ ]*)?(\d{3,5})$/.exec(text);
  if (page) return `CP${page[1]}`;
  return null;
}

/** What a .cpg value GDAL itself understands looks like (it ignores others, such as "ANSI 1250"). */
const gdalReadsCpg = (cpg: string) =>
  /^\s*(UTF-?8|\d{3,5}|8859\d{1,2}|ISO[-_]?8859[-_]?\d{1,2})\s*$/i.test(cpg);

function validUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The record bytes of a DBF (up to a few MB) and its language driver id. */
async function dbfSample(file: string): Promise<{ ldid: number; text: Buffer } | null> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(32);
    const { bytesRead } = await handle.read(header, 0, 32, 0);
    if (bytesRead < 32) return null;
    const headerLength = header.readUInt16LE(8);
    const { size } = await handle.stat();
    const length = Math.max(0, Math.min(size - headerLength, 4 * 1024 * 1024));
    const text = Buffer.alloc(length);
    await handle.read(text, 0, length, headerLength);
    return { ldid: header[29] ?? 0, text };
  } finally {
    await handle.close();
  }
}

/**
 * Decides how to read a DBF's text. GDAL follows the .cpg, then the LDID byte, and otherwise
 * passes the bytes through undecoded. We add what real files need: text that is valid UTF-8
 * although declared otherwise is UTF-8 (a multi-byte sequence is very unlikely by chance in a
 * single-byte encoding); a .cpg GDAL cannot parse ("ANSI 1250") is still read; and undeclared
 * text is Windows-1252 / Latin-1, the most common case, with a warning.
 */
export async function chooseDbfEncoding(
  dbfFile: string,
  cpgText: string | null,
): Promise<EncodingChoice> {
  const sample = await dbfSample(dbfFile);
  if (!sample || !sample.text.some((b) => b >= 0x80)) return { encoding: null };
  const fromCpg = cpgText === null ? null : cpgEncoding(cpgText);
  const utf8 = validUtf8(sample.text);
  if (utf8 && fromCpg !== 'UTF-8' && !(fromCpg && MULTIBYTE.test(fromCpg))) {
    const declared = cpgText?.trim() || (sample.ldid ? `LDID ${sample.ldid}` : null);
    return {
      encoding: 'UTF-8',
      warning: declared
        ? { key: 'files.warn.encodingUtf8', vars: { declared } }
        : { key: 'files.warn.encodingDefault', vars: { encoding: 'UTF-8' } },
    };
  }
  if (fromCpg && cpgText !== null) {
    return gdalReadsCpg(cpgText)
      ? { encoding: null }
      : {
          encoding: fromCpg,
          warning: {
            key: 'files.warn.encodingCpg',
            vars: { encoding: fromCpg, cpg: cpgText.trim() },
          },
        };
  }
  if (sample.ldid !== 0) return { encoding: null };
  const encoding = sample.text.some((b) => b >= 0x80 && b <= 0x9f) ? 'CP1252' : 'ISO-8859-1';
  return { encoding, warning: { key: 'files.warn.encodingDefault', vars: { encoding } } };
}

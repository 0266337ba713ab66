import QRCode from 'qrcode';

export interface QrMatrix {
  /** Modules per side, quiet zone not included. */
  size: number;
  isDark(row: number, col: number): boolean;
}

/**
 * The QR modules of `text`. Give it upper-case links: they fit QR's alphanumeric mode, which
 * packs 5.5 bits a character instead of 8 (a 25-module code instead of 29 for our links at M).
 */
export function qrMatrix(text: string, level: 'M' | 'Q'): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: level });
  const { size, data } = modules;
  return { size, isDark: (row, col) => data[row * size + col] === 1 };
}

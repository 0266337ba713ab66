/**
 * The bytes of a pdfkit document as it is written: listened to before anything is drawn (its
 * error handler first), and whole once `doc.end()` has been called.
 */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('error', reject);
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

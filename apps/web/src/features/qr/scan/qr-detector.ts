/** What the scan page needs of a BarcodeDetector, native or ZXing's. */
export interface QrDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's own BarcodeDetector where it reads QR codes (Android Chrome), else ZXing's
 * WebAssembly build, loaded only when the camera is first opened.
 */
export async function createQrDetector(): Promise<QrDetector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native) {
    const formats = await native.getSupportedFormats().catch(() => [] as string[]);
    if (formats.includes('qr_code')) return new native({ formats: ['qr_code'] });
  }
  const { zxingDetector } = await import('./zxing-detector.ts');
  return zxingDetector();
}

export type CameraProblem = 'insecure' | 'denied' | 'missing' | 'failed';

/** The back camera's stream, or why there is none. */
export async function openBackCamera(): Promise<MediaStream | CameraProblem> {
  // getUserMedia exists only in a secure context (https or localhost).
  if (!navigator.mediaDevices?.getUserMedia) return 'insecure';
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
    if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
    return 'failed';
  }
}

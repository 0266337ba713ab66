import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// Note: zxing-wasm fetches its .wasm from a CDN by default. Field phones are often offline
// and our Content-Security-Policy allows no CDN, so the file is part of our own build.
const overrides = {
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
};

/**
 * ZXing compiled to WebAssembly behind the BarcodeDetector interface (iPhones, desktops).
 * Compiled before it is handed out, so a decoder that cannot start (no file, a policy that
 * forbids WebAssembly) is said at once instead of failing on every frame.
 */
export async function zxingDetector() {
  await prepareZXingModule({ overrides, fireImmediately: true });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

import type { Map as MapLibreMap } from 'maplibre-gl';

const PIXEL_RATIO = 2;

/** Ask for the icon at twice its width, drawn at pixel ratio 2: crisp on every screen. */
function hiDpi(url: string): string {
  const parsed = new URL(url, window.location.origin);
  const width = Number(parsed.searchParams.get('width') ?? 30);
  parsed.searchParams.set('width', String(width * PIXEL_RATIO));
  return parsed.toString();
}

/** A plain pin drawn locally: what markers show when their icon cannot be fetched (SPEC §8). */
function plainPin(): ImageData {
  const w = 30 * PIXEL_RATIO;
  const h = 40 * PIXEL_RATIO;
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) return new ImageData(w, h);
  ctx.fillStyle = '#e11d48';
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.arc(w / 2, w / 2, w / 2 - 4, Math.PI, 0);
  ctx.lineTo(w / 2, h - 2);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(w / 2, w / 2, w / 6, 0, Math.PI * 2);
  ctx.fill();
  return ctx.getImageData(0, 0, w, h);
}

async function loadImage(url: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.crossOrigin = 'anonymous';
  img.src = hiDpi(url);
  await img.decode();
  return img;
}

export type LoadedIcon = [url: string, image: HTMLImageElement | ImageData];

/** Marker icons by URL, loaded; a failed one becomes the plain pin. Needs no map yet. */
export function loadIcons(urls: string[]): Promise<LoadedIcon[]> {
  return Promise.all(
    urls.map(async (url): Promise<LoadedIcon> => [url, await loadImage(url).catch(plainPin)]),
  );
}

/** Put loaded icons on the map under their URLs. */
export function addLoadedIcons(map: MapLibreMap, icons: LoadedIcon[]): void {
  for (const [url, image] of icons) {
    if (!map.hasImage(url)) map.addImage(url, image, { pixelRatio: PIXEL_RATIO });
  }
}

/** Load marker icons by URL and put them on the map. */
export async function addIcons(map: MapLibreMap, urls: string[]): Promise<void> {
  addLoadedIcons(map, await loadIcons(urls.filter((url) => !map.hasImage(url))));
}

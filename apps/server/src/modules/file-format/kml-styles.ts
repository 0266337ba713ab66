import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';

const STYLE_FIELD = /^\s*<SimpleField name="OGR_STYLE"/;
const STYLE_DATA = /^\s*<SimpleData name="OGR_STYLE">(.*)<\/SimpleData>\s*$/;
const SYMBOL = /^SYMBOL\(id:&quot;(.*?)&quot;/;

/**
 * Completes GDAL's KML: its KML writer turns a feature's OGR style into <Style> for lines and
 * polygons (PEN, BRUSH) but not icons (SYMBOL), and keeps the style text as ExtendedData. This
 * stream, line by line (GDAL writes one element per line), gives each point its <IconStyle>
 * from the template's icon and drops the style text. Placemarks are buffered one at a time.
 */
export function kmlIconStyles(publicUrl: string): Transform {
  let rest = '';
  const decoder = new StringDecoder('utf8');
  let placemark: string[] | null = null;
  const absolute = (href: string) => (href.startsWith('/') ? publicUrl + href : href);

  const finish = (lines: string[]): string[] => {
    let icon: string | null = null;
    const kept = lines.filter((line) => {
      const style = STYLE_DATA.exec(line);
      if (!style) return true;
      icon = SYMBOL.exec(style[1] ?? '')?.[1] ?? null;
      return false;
    });
    if (icon === null) return kept;
    const at = kept.findIndex(
      (l) => /^\s*<ExtendedData>/.test(l) || /^\s*<(Point|MultiGeometry)>/.test(l),
    );
    kept.splice(
      at < 0 ? kept.length - 1 : at,
      0,
      `\t<Style><IconStyle><Icon><href>${absolute(icon)}</href></Icon></IconStyle></Style>`,
    );
    return kept;
  };

  const handle = (line: string, out: string[]) => {
    if (placemark) {
      placemark.push(line);
      if (/<\/Placemark>/.test(line)) {
        out.push(...finish(placemark));
        placemark = null;
      }
    } else if (/^\s*<Placemark[ >]/.test(line)) {
      placemark = [line];
    } else if (!STYLE_FIELD.test(line)) {
      out.push(line);
    }
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const lines = (rest + decoder.write(chunk)).split('\n');
      rest = lines.pop() ?? '';
      const out: string[] = [];
      for (const line of lines) handle(line, out);
      callback(null, out.length ? out.join('\n') + '\n' : undefined);
    },
    flush(callback) {
      const out: string[] = [];
      rest += decoder.end();
      if (rest) handle(rest, out);
      if (placemark) out.push(...finish(placemark));
      callback(null, out.join('\n'));
    },
  });
}

import { KML_LIMITS, KmlReader, type KmlFeature, type KmlLayer } from '../kml-reader.ts';

/** Test support: a whole KML text read at once into its layers and their features. */
export function readKmlText(
  text: string,
  label = 'test.kml',
  limits = KML_LIMITS,
): {
  layers: (KmlLayer & { list: KmlFeature[] })[];
  topName: string;
  cut: KmlReader['cut'];
} {
  const byLayer = new Map<number, KmlFeature[]>();
  const reader = new KmlReader(
    label,
    label.replace(/\.[^.]*$/, ''),
    (layer, feature) => {
      const list = byLayer.get(layer) ?? [];
      list.push(feature);
      byLayer.set(layer, list);
    },
    limits,
  );
  reader.push(text);
  const layers = reader.end().map((l) => ({ ...l, list: byLayer.get(l.id) ?? [] }));
  return { layers, topName: reader.topName, cut: reader.cut };
}

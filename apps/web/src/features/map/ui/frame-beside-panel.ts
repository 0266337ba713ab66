import type { LatLng } from '@integration/contracts';
import type { MapView } from '../adapter/map-view.ts';
import { pointsOf, type EditorElement } from '../core/editor-element.ts';
import { boundsOf } from '../core/geo.ts';

const MARGIN = 40;
/** How far down a phone's map controls reach over the map. */
const PHONE_CONTROLS_PX = 150;

/**
 * Frames elements (a trace's path, a list's homes, a problem's elements) in the part of the map
 * a side panel leaves clear: on a wide screen below the toolbar rows (the panel's top), between
 * the layers panel and the side panel; on a phone between its controls and the sheet. Never
 * closer than the street.
 */
export function frameBesidePanel(view: MapView, elements: EditorElement[], panel: Element | null) {
  const bounds = boundsOf(elements.flatMap((e): LatLng[] => pointsOf(e.coordinates)));
  if (!bounds) return;
  const [w, s, e, n] = bounds;
  const container = view.map.getContainer();
  const box = container.getBoundingClientRect();
  const pad = { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN };
  const rect = panel?.getBoundingClientRect();
  if (rect && rect.width > box.width * 0.6) {
    // A phone's sheet at the bottom, its controls at the top.
    pad.bottom += Math.max(0, box.bottom - rect.top);
    pad.top += PHONE_CONTROLS_PX;
  } else if (rect) {
    pad.right += Math.max(0, box.right - rect.left);
    // The toolbar rows reach down to the panel's top.
    pad.top = Math.max(pad.top, rect.top - box.top + MARGIN / 2);
  }
  const side = container.closest('[data-map-workspace]')?.querySelector('aside');
  const aside = side?.getBoundingClientRect();
  if (aside && aside.width && aside.width < box.width * 0.4) {
    pad.left = Math.max(pad.left, aside.right - box.left + MARGIN);
  }
  // MapLibre ignores a padding larger than the map: keep room for the elements on any screen.
  pad.bottom = Math.min(pad.bottom, box.height * 0.6);
  pad.top = Math.min(pad.top, box.height * 0.3);
  pad.right = Math.min(pad.right, box.width * 0.6);
  pad.left = Math.min(pad.left, box.width * 0.3);
  view.map.fitBounds(
    [
      [w, s],
      [e, n],
    ],
    { padding: pad, maxZoom: 18, animate: true },
  );
}

import type { NearbyElement } from '@integration/contracts';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { Fix } from './usePosition.ts';

/**
 * The small map, loaded only once the crew has a position and candidates (MapLibre is a large
 * download). It is a help, not the form: offline before it ever loaded, or without WebGL, the
 * list alone stays, with its distances and directions.
 */
type MapProps = { fix: Fix; elements: NearbyElement[]; chosenId: number | null };
const NoMap = (_: MapProps): ReactNode => null;
const NearbyMap = lazy((): Promise<{ default: (props: MapProps) => ReactNode }> =>
  import('./NearbyMap.tsx').catch(() => ({ default: NoMap })),
);

class MapFailed extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function NearbyMapSlot(props: MapProps) {
  return (
    <MapFailed>
      <Suspense fallback={<div style={{ height: 200 }} />}>
        <NearbyMap {...props} />
      </Suspense>
    </MapFailed>
  );
}

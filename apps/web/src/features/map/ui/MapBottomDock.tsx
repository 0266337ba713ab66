import { Stack } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The column along the map's bottom edge: on a phone Create Route's sheet above the status
 * bar, so that neither covers the other. Its height is published on the workspace as
 * --map-dock-height, where MapLibre's bottom controls (scale, attribution) stand on it.
 */
export function MapBottomDock({ children }: { children: ReactNode }) {
  const dock = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = dock.current;
    const host = element?.closest<HTMLElement>('[data-map-workspace]');
    if (!element || !host) return;
    const publish = () =>
      host.style.setProperty('--map-dock-height', `${element.getBoundingClientRect().height}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      host.style.removeProperty('--map-dock-height');
    };
  }, []);
  return (
    <Stack
      ref={dock}
      pos="absolute"
      bottom={0}
      left={0}
      right={0}
      gap={0}
      // Clicks go through to the map except on the dock's own controls.
      style={{ zIndex: 2, pointerEvents: 'none' }}
      data-map-dock
    >
      {children}
    </Stack>
  );
}

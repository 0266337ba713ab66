import { useQuery } from '@tanstack/react-query';
import { loadBasemaps } from './map.api.ts';

/**
 * The base maps of GET /map/basemaps, read once a session: the map draws them, and
 * ConfigureProject offers them as the one a project's map opens on.
 */
export const useBasemaps = () =>
  useQuery({ queryKey: ['map', 'basemaps'], queryFn: loadBasemaps, staleTime: Infinity });

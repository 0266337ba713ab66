import { useEffect, type ReactNode } from 'react';
import { pageTitle, type RouteName } from './route-table.ts';

/** Sets the document title of a route: 'Integration | <title>'. */
export function Titled({ route, children }: { route: RouteName; children: ReactNode }) {
  useEffect(() => {
    document.title = pageTitle(route);
  }, [route]);
  return children;
}

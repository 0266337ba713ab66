import { ROUTES } from '../../app/route-table.ts';
import { scopeSearch, type BomScope } from './bom-scope.ts';

/** The address of a scope's bill, as the Project page and the map link to it. */
export const bomPath = (scope: Partial<BomScope>) => {
  const search = scopeSearch(scope);
  return search ? `${ROUTES.costs.path}?${search}` : ROUTES.costs.path;
};

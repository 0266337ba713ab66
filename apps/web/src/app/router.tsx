import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';
import { SelectPlatformPage } from '../features/auth/SelectPlatformPage.tsx';
import { SetPasswordPage } from '../features/auth/SetPasswordPage.tsx';
import { UnlockPage } from '../features/auth/UnlockPage.tsx';
import { PlaceholderPage } from '../features/placeholder/PlaceholderPage.tsx';
import { RequireProfile } from './RequireProfile.tsx';
import { ROUTES, type RouteName } from './route-table.ts';
import { ShellLayout } from './shell/ShellLayout.tsx';
import { Titled } from './Titled.tsx';

/** A screen loaded with its route, so the first page does not carry every other one. */
function page(load: () => Promise<Record<string, ComponentType>>, name: string): ReactNode {
  const Screen = lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
  return (
    <Suspense
      fallback={
        <Center p="xl">
          <Loader />
        </Center>
      }
    >
      <Screen />
    </Suspense>
  );
}

/** The screen of each route; routes not listed show their title in the shell for now. */
const SCREENS: Partial<Record<RouteName, ReactNode>> = {
  login: <LoginPage />,
  selectPlatform: <SelectPlatformPage />,
  setPassword: <SetPasswordPage />,
  resetPassword: <ResetPasswordPage />,
  unlock: <UnlockPage />,
  project: page(() => import('../features/projects/ProjectsPage.tsx'), 'ProjectsPage'),
  co: page(
    () => import('../features/central-offices/CentralOfficesPage.tsx'),
    'CentralOfficesPage',
  ),
  cluster: page(() => import('../features/clusters/ClustersPage.tsx'), 'ClustersPage'),
  users: page(() => import('../features/users/UsersPage.tsx'), 'UsersPage'),
  map: page(() => import('../features/map/MapPage.tsx'), 'MapPage'),
  qr: page(() => import('../features/qr/QrListPage.tsx'), 'QrListPage'),
  generateQr: page(() => import('../features/qr/QrListPage.tsx'), 'QrListPage'),
  scanTag: page(() => import('../features/qr/scan/ScanPage.tsx'), 'ScanPage'),
  tag: page(() => import('../features/qr/scan/ScanPage.tsx'), 'ScanPage'),
  reports: page(() => import('../features/reports/ReportsPage.tsx'), 'ReportsPage'),
  costs: page(() => import('../features/costs/CostsPage.tsx'), 'CostsPage'),
  organisation: page(
    () => import('../features/organisation/OrganisationPage.tsx'),
    'OrganisationPage',
  ),
};

function routeObject(name: RouteName): RouteObject {
  const route = ROUTES[name];
  return {
    path: route.path,
    handle: 'sidebar' in route ? { sidebar: route.sidebar } : undefined,
    element: <Titled route={name}>{SCREENS[name] ?? <PlaceholderPage route={name} />}</Titled>,
  };
}

const names = Object.keys(ROUTES) as RouteName[];

export const router = createBrowserRouter([
  ...names.filter((n) => ROUTES[n].layout === 'none').map(routeObject),
  {
    element: (
      <RequireProfile>
        <ShellLayout />
      </RequireProfile>
    ),
    children: names.filter((n) => ROUTES[n].layout === 'shell').map(routeObject),
  },
  { path: '*', element: <Navigate to={ROUTES.project.path} replace /> },
]);

import { TITLE_PREFIX } from '@integration/contracts';

/**
 * The routes of SPEC §2 with their exact titles. `guard: 'profile'` routes need a valid
 * profile; `layout: 'shell'` routes sit in the sidebar and top bar; `sidebar: 'map'` uses
 * the open/collapsed variant of map pages.
 */
export const ROUTES = {
  login: { path: '/', title: 'Login', titleKey: 'routes.login', layout: 'none', guard: 'public' },
  selectPlatform: {
    path: '/auth/selectplatform',
    title: 'Platform',
    titleKey: 'routes.selectPlatform',
    layout: 'none',
    guard: 'public',
  },
  setPassword: {
    path: '/auth/setpassword',
    title: 'Set Password',
    titleKey: 'routes.setPassword',
    layout: 'none',
    guard: 'public',
  },
  resetPassword: {
    path: '/auth/resetpassword',
    title: 'Reset Password',
    titleKey: 'routes.resetPassword',
    layout: 'none',
    guard: 'public',
  },
  unlock: {
    path: '/auth/unlock',
    title: 'Unlock',
    titleKey: 'routes.unlock',
    layout: 'none',
    guard: 'public',
  },
  project: {
    path: '/project',
    title: 'Project',
    titleKey: 'routes.project',
    layout: 'shell',
    guard: 'profile',
  },
  map: {
    path: '/project/map',
    title: 'Map',
    titleKey: 'routes.map',
    layout: 'shell',
    guard: 'profile',
    sidebar: 'map',
  },
  co: { path: '/co', title: 'Manage Co', titleKey: 'routes.co', layout: 'shell', guard: 'profile' },
  cluster: {
    path: '/co/cluster',
    title: 'Cluster',
    titleKey: 'routes.cluster',
    layout: 'shell',
    guard: 'profile',
  },
  qr: {
    path: '/qr',
    title: 'QR list of tags',
    titleKey: 'routes.qr',
    layout: 'shell',
    guard: 'profile',
  },
  generateQr: {
    path: '/qr/generateQR',
    title: 'generate QR',
    titleKey: 'routes.generateQr',
    layout: 'shell',
    guard: 'profile',
  },
  users: {
    path: '/users',
    title: 'Users',
    titleKey: 'routes.users',
    layout: 'shell',
    guard: 'profile',
  },
  /** Beyond SPEC §2: the field's scan page, and the link a tag's QR encodes. */
  scanTag: {
    path: '/qr/scan',
    title: 'Scan tag',
    titleKey: 'routes.scanTag',
    layout: 'shell',
    guard: 'profile',
  },
  tag: {
    path: '/t/:code',
    title: 'Tag',
    titleKey: 'routes.tag',
    layout: 'shell',
    guard: 'profile',
  },
  reports: {
    path: '/reports',
    title: 'Reports',
    titleKey: 'routes.reports',
    layout: 'shell',
    guard: 'profile',
  },
  /** Beyond SPEC §2 (issue 28): admins write the organisation, reached from the Project page. */
  organisation: {
    path: '/project/organisation',
    title: 'Organisation',
    titleKey: 'organisation.title',
    layout: 'shell',
    guard: 'profile',
  },
  /** Beyond SPEC §2 (issue 27): the bill of materials and the price book. */
  costs: {
    path: '/project/costs',
    title: 'Bill of materials',
    titleKey: 'costs.title',
    layout: 'shell',
    guard: 'profile',
  },
} as const satisfies Record<string, RouteInfo>;

export interface RouteInfo {
  path: string;
  title: string;
  titleKey: string;
  layout: 'none' | 'shell';
  guard: 'public' | 'profile';
  sidebar?: 'map';
}

export type RouteName = keyof typeof ROUTES;

export const pageTitle = (name: RouteName) => `${TITLE_PREFIX}${ROUTES[name].title}`;

/** The sidebar entry marked active: from the last segment of the path (SPEC §2). */
export function activeSidebarEntry(pathname: string): 'project' | 'reports' | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  if (last === '' || last === 'project') return 'project';
  if (last === 'reports') return 'reports';
  return null;
}

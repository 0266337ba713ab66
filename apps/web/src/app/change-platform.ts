import { session } from '../session/session.ts';

/**
 * Arriving from another platform: `?changeplatform=<token>` on any route replaces the
 * stored token and reloads to /project (SPEC §2). Answers true when it navigated away.
 */
export function applyChangePlatform(location: Location): boolean {
  const token = new URLSearchParams(location.search).get('changeplatform');
  if (!token) return false;
  session.signOut();
  session.setToken(token);
  location.replace('/project');
  return true;
}

const KEY = 'integration.returnToTag';
const TAG_PATH = /^\/t\/[A-Za-z0-9_-]{1,40}\/?$/i;

/**
 * A tag's link opened while signed out (a phone camera on a label) comes back to that tag
 * after sign-in instead of the projects. Only tag paths are kept: nothing else is a link
 * printed for strangers' phones, and a stored path can never send anyone off-site.
 */
export const returnToTag = {
  remember(pathname: string): void {
    if (TAG_PATH.test(pathname)) sessionStorage.setItem(KEY, pathname);
  },
  /**
   * Where to go after sign-in, if a tag was wanted. Read, not taken: the login screen reads it
   * while rendering; the tag page forgets it once shown.
   */
  wanted(): string | null {
    const path = sessionStorage.getItem(KEY);
    return path && TAG_PATH.test(path) ? path : null;
  },
  forget(): void {
    sessionStorage.removeItem(KEY);
  },
};

/**
 * The link a tag's QR encodes: `{PUBLIC_URL}/t/{code}`, opened by any phone camera.
 *
 * When PUBLIC_URL is a bare origin the whole link is written in upper case
 * (`HTTP://INTEGRATION.EXAMPLE.COM/T/PBO00001`): scheme and host are case-insensitive, the app
 * routes `/T/` like `/t/` and codes are upper case, so the link fits QR's alphanumeric mode
 * (5.5 bits a character instead of 8): a smaller code, more robust on a small label. A
 * PUBLIC_URL with a path keeps its case, as a proxy may route by it.
 */
export function tagLink(publicUrl: string, code: string): string {
  const url = new URL(publicUrl);
  const bareOrigin = url.pathname === '/' && !url.search && !url.hash;
  return bareOrigin
    ? `${url.origin}/T/${code}`.toUpperCase()
    : `${publicUrl.replace(/\/+$/, '')}/t/${code}`;
}

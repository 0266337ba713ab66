/** Codes are a prefix (letters, digits, `-`, `_`) and a number: PBO00001. */
const CODE = /^[A-Z0-9_-]{1,40}$/;
/** A tag's link, `{PUBLIC_URL}/t/{code}`, upper case when the QR is (HTTP://HOST/T/PBO00001). */
const LINK = /\/t\/([A-Za-z0-9_-]{1,40})\/?(?:[?#].*)?$/i;

/**
 * The tag code in what a QR or a person gave: a tag's link (any case) or a bare code.
 * Null when it is neither, e.g. someone else's QR code.
 */
export function parseTagCode(text: string): string | null {
  const trimmed = text.trim();
  const fromLink = LINK.exec(trimmed)?.[1];
  const code = (fromLink ?? trimmed).toUpperCase();
  return CODE.test(code) ? code : null;
}

/** The page of a tag, as its link opens it. */
export const tagPath = (code: string) => `/t/${encodeURIComponent(code)}`;

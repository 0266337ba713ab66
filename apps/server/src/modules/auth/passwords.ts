import { hash, verify, type Algorithm } from '@node-rs/argon2';

// argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes, 1 lane).
// Note: Algorithm is an ambient const enum; 2 is its Argon2id.
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

// Note: verifying against this hash when the email is unknown makes a failed sign-in take
// the same time whether or not the account exists (no user enumeration by timing).
let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('integration-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

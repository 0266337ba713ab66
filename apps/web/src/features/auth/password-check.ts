import type { PasswordOwner, PasswordWeakness } from '@integration/contracts/password-strength';

/**
 * Why the server would refuse this password (the same rules, see contracts/password-strength),
 * or null. The checker and its dictionary (~400 KB) load on first use, not with the app; if
 * they cannot load, the server still says it.
 */
export async function passwordWeaknessOf(
  password: string,
  owner: PasswordOwner,
): Promise<PasswordWeakness | null> {
  try {
    const { passwordWeakness } = await import('@integration/contracts/password-strength');
    return passwordWeakness(password, owner);
  } catch {
    return null;
  }
}

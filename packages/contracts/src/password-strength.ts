import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from './constants.ts';

/**
 * Whether a new password is good enough, the same on the server (which decides) and in the
 * browser (which says so before sending). Cheap rules first (a name for each trivial kind),
 * then zxcvbn's estimate against the ~30,000 most common passwords, keyboard patterns,
 * sequences and the owner's own words. Imported on its own path
 * (`@integration/contracts/password-strength`): its dictionary is ~400 KB, kept out of the
 * web app's main bundle.
 */

/** Why a password is refused; each has a message on both sides. */
export const PASSWORD_WEAKNESSES = [
  'short',
  'blank',
  'repeated',
  'sequence',
  'personal',
  'common',
  'guessable',
] as const;
export type PasswordWeakness = (typeof PASSWORD_WEAKNESSES)[number];

/** Whose password it is: their email and name may not be (in) it. */
export interface PasswordOwner {
  email?: string | null;
  name?: string | null;
}

/**
 * zxcvbn's score a password needs: 2 is at least 10^6 guesses. Sign-in is rate-limited per
 * email (LOGIN_MAX_PER_EMAIL per window) and hashes are argon2id, so an online guesser gets
 * nowhere near; what it rules out is the passwords guessed first (common ones and variants).
 */
export const PASSWORD_MIN_SCORE = 2;

/**
 * How much of a password zxcvbn reads. Its matching grows faster than linearly: 64 characters
 * keep one check well under a second for any input (a longer password is judged on its
 * beginning, which is already long).
 */
const SCORED_LENGTH = 64;

const KEYBOARD_ROWS = [
  '1234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'azertyuiop',
  'qsdfghjklm',
  'wxcvbn',
];

/** Whether the text repeats a unit of one to three characters ('aaaa', 'abab', 'abcabc'). */
function repeatsShortUnit(text: string): boolean {
  for (let unit = 1; unit <= 3 && unit * 2 <= text.length; unit++) {
    let repeats = true;
    for (let i = unit; i < text.length && repeats; i++) repeats = text[i] === text[i - unit];
    if (repeats) return true;
  }
  return false;
}

/** Whether every character follows the one before by the same step of ±1 ('1234', 'hgfe'). */
function isRun(text: string): boolean {
  if (text.length < 3) return false;
  const step = text.charCodeAt(1) - text.charCodeAt(0);
  if (step !== 1 && step !== -1) return false;
  for (let i = 2; i < text.length; i++) {
    if (text.charCodeAt(i) - text.charCodeAt(i - 1) !== step) return false;
  }
  return true;
}

/** Whether the text is a run of keys along one keyboard row, either way ('qwertyui'). */
function isKeyboardRun(text: string): boolean {
  const reversed = [...text].reverse().join('');
  return KEYBOARD_ROWS.some((row) => row.includes(text) || row.includes(reversed));
}

/** Parts of the owner's email and name long enough to mean something in a password. */
function ownerWords(owner: PasswordOwner): { email: string[]; name: string[] } {
  const email = (owner.email ?? '').trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4);
  return {
    email: [email, local.length >= 3 ? local : '', ...words(local)].filter(Boolean),
    name: words((owner.name ?? '').toLowerCase()),
  };
}

/** The trivial kinds of weakness, found in linear time: no dictionary needed. */
export function trivialPasswordWeakness(
  password: string,
  owner: PasswordOwner = {},
): PasswordWeakness | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'short';
  const trimmed = password.trim();
  if (!trimmed) return 'blank';
  const lower = trimmed.toLowerCase();
  if (repeatsShortUnit(lower)) return 'repeated';
  if (isRun(lower) || isKeyboardRun(lower)) return 'sequence';
  const words = ownerWords(owner);
  if ([...words.email, ...words.name].some((w) => lower.includes(w))) return 'personal';
  return null;
}

let factory: ZxcvbnFactory | undefined;
/** zxcvbn with the common dictionary; built on first use (that takes ~0.5 s). */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary,
    graphs: adjacencyGraphs,
    maxLength: SCORED_LENGTH,
    // Each substitution tried multiplies the work: a few catch 'p@ssw0rd' and keep it bounded.
    l33tMaxSubstitutions: 3,
  });
  return factory;
}

/**
 * Why this password may not be set, or null when it may. Synchronous and up to a few hundred
 * milliseconds on a hostile input: the server runs it in a worker thread.
 */
export function passwordWeakness(
  password: string,
  owner: PasswordOwner = {},
): PasswordWeakness | null {
  const trivial = trivialPasswordWeakness(password, owner);
  if (trivial) return trivial;
  const words = ownerWords(owner);
  const result = estimator().check(password, [...words.email, ...words.name]);
  const warning = result.feedback.warning;
  if (warning === 'topTen' || warning === 'topHundred' || warning === 'common') return 'common';
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  if (warning === 'userInputs') return 'personal';
  if (warning === 'similarToCommon') return 'common';
  return 'guessable';
}

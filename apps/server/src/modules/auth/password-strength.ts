import { Worker } from 'node:worker_threads';
import {
  trivialPasswordWeakness,
  type PasswordOwner,
  type PasswordWeakness,
} from '@integration/contracts/password-strength';
import { PASSWORD_MIN_LENGTH } from '@integration/contracts';
import { AppError } from '../../http/app-error.ts';
import type { MessageKey } from '../../i18n/translate.ts';

export interface StrengthRequest {
  id: number;
  password: string;
  owner: PasswordOwner;
}
export interface StrengthResponse {
  id: number;
  weakness: PasswordWeakness | null;
}

/** Checks waiting for the worker at most: beyond, 429 rather than a queue growing in memory. */
export const MAX_WAITING_CHECKS = 32;

/** The message of each reason a password is refused. */
export const WEAKNESS_MESSAGES: Record<PasswordWeakness, MessageKey> = {
  short: 'auth.passwordTooShort',
  blank: 'accounts.passwordBlank',
  repeated: 'accounts.passwordRepeated',
  sequence: 'accounts.passwordSequence',
  personal: 'accounts.passwordPersonal',
  common: 'accounts.passwordCommon',
  guessable: 'accounts.passwordGuessable',
};

/**
 * One worker thread estimating password strength (zxcvbn, see contracts/password-strength.ts),
 * started on first use and kept; requests answered in order. If it cannot run, the trivial
 * rules still apply, on this thread (they are linear).
 */
class StrengthWorker {
  private ready: Promise<Worker> | null = null;
  private readonly pending = new Map<number, (weakness: PasswordWeakness | null) => void>();
  private nextId = 1;

  private start(): Promise<Worker> {
    if (this.ready) return this.ready;
    const worker = new Worker(new URL('./password-worker.mjs', import.meta.url));
    const ready = new Promise<Worker>((resolve, reject) => {
      worker.once('message', () => resolve(worker));
      worker.once('error', reject);
    });
    this.ready = ready;
    worker.on('message', (message: StrengthResponse | { ready: true }) => {
      if (!('id' in message)) return;
      const resolve = this.pending.get(message.id);
      this.pending.delete(message.id);
      resolve?.(message.weakness);
    });
    const stop = () => {
      if (this.ready !== ready) return;
      this.ready = null;
      // What was waiting is judged by the trivial rules: never left hanging.
      for (const resolve of this.pending.values()) resolve(null);
      this.pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', stop);
    worker.unref();
    return ready;
  }

  async check(password: string, owner: PasswordOwner): Promise<PasswordWeakness | null> {
    if (this.pending.size >= MAX_WAITING_CHECKS) {
      throw new AppError(429, 'RATE_LIMITED', 'limits.busy', { count: this.pending.size });
    }
    const id = this.nextId++;
    const answer = new Promise<PasswordWeakness | null>((resolve) => this.pending.set(id, resolve));
    try {
      const worker = await this.start();
      worker.postMessage({ id, password, owner } satisfies StrengthRequest);
    } catch {
      this.pending.delete(id);
      return null;
    }
    return answer;
  }
}

const worker = new StrengthWorker();

/** Why a password may not be set (null when it may): trivial rules here, the rest in the worker. */
export async function passwordWeaknessOf(
  password: string,
  owner: PasswordOwner,
): Promise<PasswordWeakness | null> {
  return trivialPasswordWeakness(password, owner) ?? (await worker.check(password, owner));
}

/** Refuses a password too easy to guess: 400 saying why (applies whenever one is set). */
export async function assertStrongPassword(password: string, owner: PasswordOwner): Promise<void> {
  const weakness = await passwordWeaknessOf(password, owner);
  if (!weakness) return;
  throw new AppError(
    400,
    'VALIDATION_ERROR',
    WEAKNESS_MESSAGES[weakness],
    { min: PASSWORD_MIN_LENGTH },
    { field: 'password', weakness },
  );
}

import { parentPort } from 'node:worker_threads';
import { passwordWeakness } from '@integration/contracts/password-strength';
import type { StrengthRequest, StrengthResponse } from './password-strength.ts';

/**
 * The password strength worker: zxcvbn's dictionary built once, checks one after another, so
 * that its hundreds of milliseconds on a hostile password never hold the server's main thread.
 */
const port = parentPort;
if (!port) throw new Error('password-strength.worker.ts runs in a worker thread');
// Built before the first request: ~0.5 s, here rather than in anyone's answer.
passwordWeakness('warm-up-password-x7');
port.postMessage({ ready: true });
port.on('message', (request: StrengthRequest) => {
  const answer: StrengthResponse = {
    id: request.id,
    weakness: passwordWeakness(request.password, request.owner),
  };
  port.postMessage(answer);
});

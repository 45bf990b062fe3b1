import type { ApiError } from '@core/contracts';
import { reply, type StubReply } from './stub-fetch';

/**
 * The server's refusal in the one error shape every endpoint answers with, typed by the contract
 * (`ApiError`), so a change to that shape breaks the tests that stub it:
 * `refuse(409, { code: 'conflict', message: 'A customer with this name already exists' })`.
 */
export function refuse(status: number, error: ApiError['error']): StubReply {
  return reply(status, { error } satisfies ApiError);
}

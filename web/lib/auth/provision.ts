import type { ProvisionResult } from '@core/contracts';
import { apiFetch } from '../api';

export function provisionMe(): Promise<ProvisionResult> {
  return apiFetch<ProvisionResult>('/me/provision', { method: 'POST' });
}

import { apiFetch } from '@web/lib/api';

export function checkAccessCode(code: string): Promise<{ valid: boolean }> {
  return apiFetch<{ valid: boolean }>('/access-code/check', { method: 'POST', json: { code } });
}

import { api } from '@web/lib/api';

export function checkAccessCode(code: string) {
  return api.POST('/api/v1/access-code/check', { body: { code } });
}

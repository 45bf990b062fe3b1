import { api } from '../api';

export function provisionMe() {
  return api.POST('/api/v1/me/provision');
}

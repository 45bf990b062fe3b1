import { formatPersonalDataFileName } from '@core/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchApiFile } from '@web/lib/api';
import { downloadApiFile } from '@web/lib/download';

const fallbackName = () => formatPersonalDataFileName(new Date().toISOString().slice(0, 10));

/** Everything held about you, as a JSON file (GET /me/data). */
export function downloadMyData(): Promise<string> {
  return downloadApiFile(fetchApiFile('/api/v1/me/data'), fallbackName());
}

/** Admin: one member's personal data in your company (recorded in the audit log). */
export function downloadMemberData(userId: string): Promise<string> {
  return downloadApiFile(fetchApiFile('/api/v1/team/members/{userId}/data', { params: { path: { userId } } }), fallbackName());
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

export function useDownloadMemberData() {
  return useMutation({ mutationFn: downloadMemberData });
}

import { formatPersonalDataFileName } from '@core/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { fetchApiFile } from '@web/lib/api';
import { downloadApiFile } from '@web/lib/download';

/** The file's name when the server names none. */
const fallbackName = () => formatPersonalDataFileName(new Date().toISOString().slice(0, 10));

/** Admin: one member's personal data in your company, as a JSON file (recorded in the audit log). */
export function downloadMemberData(userId: string): Promise<string> {
  return downloadApiFile(fetchApiFile('/api/v1/team/members/{userId}/data', { params: { path: { userId } } }), fallbackName());
}

export function useDownloadMemberData() {
  return useMutation({ mutationFn: downloadMemberData });
}

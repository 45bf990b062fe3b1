import { formatPersonalDataFileName } from '@core/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { fetchApiFile } from '@web/lib/api';
import { downloadApiFile } from '@web/lib/download';

/** The file's name when the server names none. */
const fallbackName = () => formatPersonalDataFileName(new Date().toISOString().slice(0, 10));

/** Everything held about you, as a JSON file (GET /me/data). */
export function downloadMyData(): Promise<string> {
  return downloadApiFile(fetchApiFile('/api/v1/me/data'), fallbackName());
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

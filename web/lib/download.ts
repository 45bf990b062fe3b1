import { ApiRequestError, describeApiError } from './api';

/**
 * Fetches a file from `/api/v1{path}` and hands it to the browser as a download, named as the
 * server's Content-Disposition says. Through fetch rather than a plain link, so the screen can
 * show that it is working and say why it failed (a link would open the error's JSON instead).
 */
export async function downloadApiFile(path: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(new URL(`/api/v1${path}`, window.location.origin), { credentials: 'same-origin' });
  } catch {
    throw new ApiRequestError(0, 'network', describeApiError('network', 0));
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    const code = body?.error?.code ?? 'http_error';
    throw new ApiRequestError(response.status, code, describeApiError(code, response.status, body?.error?.message));
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

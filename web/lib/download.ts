import type { ApiFile } from './api';

/**
 * Hands a file the API answers (fetchApiFile) to the browser as a download, named as the server's
 * Content-Disposition says. Through fetch rather than a plain link, so the screen can show that it
 * is working and say why it failed (a link would open the error's JSON instead).
 */
export async function downloadApiFile(file: Promise<ApiFile>, fallbackName: string): Promise<string> {
  const { blob, fileName } = await file;
  const name = fileName ?? fallbackName;
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

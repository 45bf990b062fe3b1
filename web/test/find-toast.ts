import { screen } from '@testing-library/react';
import { toast } from '@web/components/ui/toaster';

/**
 * The toast in front (the only one a person sees: the Toaster shows one at a time) with this
 * title, read as a person reads it: the title and each line of the description (no-break spaces,
 * which Intl puts in amounts such as 'NOK 12,500', read as plain spaces).
 */
export async function findToast(title: string): Promise<{ element: HTMLElement; description: string[] }> {
  const titleElement = await screen.findByText(title, { selector: '[data-sonner-toast][data-front="true"] [data-title]' });
  const element = titleElement.closest<HTMLElement>('[data-sonner-toast]')!;
  const description = element.querySelector('[data-description]');
  if (!description) return { element, description: [] };
  const lines = description.children.length ? [...description.children] : [description];
  return { element, description: lines.map((line) => (line.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')) };
}

/**
 * Sonner keeps its toasts in a module-level store and replays the active ones to the next Toaster
 * that mounts, so a toast from one test would show up in the next. Call in `afterEach`.
 */
export function dismissAllToasts(): void {
  toast.dismiss();
}

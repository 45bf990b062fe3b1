import { Toaster as Sonner } from 'sonner';

/**
 * One toast visible at a time (spec 4 and 9: limit 1). A dismissed toast is removed at once;
 * the spec's 1,000,000 ms removal delay describes its old toast store, not something a user sees.
 */
export function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      position="top-right"
      closeButton
      richColors
      toastOptions={{ classNames: { toast: 'font-sans', title: 'font-semibold', description: 'text-sm' } }}
    />
  );
}

export { toast } from 'sonner';

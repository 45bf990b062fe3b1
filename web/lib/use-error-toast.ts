import { useEffect, useRef } from 'react';
import { toast } from '@web/components/ui/toaster';

/** A failed load shows its destructive toast once per failure (the screen also says it inline). */
export function useErrorToast(error: Error | null, title: string) {
  const shown = useRef<Error | null>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    toast.error(title, { description: error.message });
  }, [error, title]);
}

import { toast } from '@web/components/ui/toaster';
import { findErrorReason } from '@web/lib/api';

/** A change that failed: what failed, and under it the server's reason when it gave one. */
export function showErrorToast(title: string, description: string, error?: unknown): void {
  const reason = findErrorReason(error);
  toast.error(title, {
    description: reason ? (
      <>
        <span className="block">{description}</span>
        <span className="mt-0.5 block opacity-80">{reason}</span>
      </>
    ) : (
      description
    ),
  });
}

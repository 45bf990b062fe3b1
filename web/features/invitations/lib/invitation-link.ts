import { toast } from '@web/components/ui/toaster';
import { paths } from '@web/lib/paths';
import { copyText } from '@web/lib/clipboard';

/** The copied link is this site's origin plus /invite/{code}. */
export function buildInvitationLink(code: string): string {
  return `${window.location.origin}${paths.invite(code)}`;
}

export async function copyInvitationLink(code: string, t: (key: string) => string): Promise<void> {
  try {
    await copyText(buildInvitationLink(code));
    toast.success(t('toasts.linkCopied'), { description: t('invitations.linkCopiedDescription') });
  } catch {
    toast.error(t('toasts.copyError'), { description: buildInvitationLink(code) });
  }
}

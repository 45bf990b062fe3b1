import type { DigestPreview } from '@core/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { EyeIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toaster';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import { useCompanyFormat } from '@web/lib/format';

/**
 * An admin sees this week's digest before Monday (decision 088): as the mail will show it, so far,
 * when it goes out, and may mail it to themself. Read when the dialog opens, never before.
 */
export function DigestPreviewButtons() {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  const send = useMutation({ mutationFn: () => api.POST('/api/v1/digest/preview/send') });

  const sendToMe = async () => {
    try {
      const { sentTo } = await send.mutateAsync();
      toast.success(t('digest.preview.sent'), { description: sentTo });
    } catch (error) {
      toast.error(t('digest.preview.sendError'), { description: error instanceof Error ? error.message : undefined });
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <EyeIcon /> {t('digest.preview.open')}
      </Button>
      <Button variant="outline" size="sm" onClick={() => void sendToMe()} disabled={send.isPending}>
        <SendIcon /> {send.isPending ? t('digest.preview.sending') : t('digest.preview.send')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-3xl">
          {open && <PreviewBody onSend={() => void sendToMe()} isSending={send.isPending} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function PreviewBody({ onSend, isSending }: { onSend: () => void; isSending: boolean }) {
  const { t, i18n } = useTranslation('settings');
  const format = useCompanyFormat();
  // The mail is written in the member's language: one read in another language is never shown as
  // this one's (it was, for a moment, after a change of language), and none is kept on the device.
  const preview = useQuery({
    queryKey: [...queryKeys.settings.digestPreview, i18n.language],
    queryFn: () => api.GET('/api/v1/digest/preview'),
    staleTime: 0,
    meta: { persist: false },
  });
  const data: DigestPreview | undefined = preview.data;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('digest.preview.title')}</DialogTitle>
        <DialogDescription>
          {data
            ? t('digest.preview.when', {
                from: format.shortDay(data.weekStart),
                to: format.shortDay(data.weekEnd),
                at: format.dateTime(data.sendsAt),
              })
            : t('digest.preview.loading')}
        </DialogDescription>
      </DialogHeader>
      {preview.isError && !data ? (
        <LoadError title={t('digest.preview.loadError')} error={preview.error} onRetry={() => void preview.refetch()} />
      ) : !data ? (
        <Skeleton className="h-[60vh] w-full rounded-lg" />
      ) : (
        <>
          {data.isEmpty && <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{t('digest.preview.empty')}</p>}
          <p className="text-sm">
            <span className="text-muted-foreground">{t('digest.preview.subject')}</span> <span className="font-medium">{data.subject}</span>
          </p>
          {/* The mail as its reader sees it: no script runs in it, nothing reaches the app. */}
          <iframe
            title={t('digest.preview.frame')}
            sandbox=""
            srcDoc={data.html}
            className="h-[60vh] w-full rounded-lg border bg-white"
            data-testid="digest-preview-frame"
          />
        </>
      )}
      <DialogFooter>
        <Button onClick={onSend} disabled={isSending || !data}>
          <SendIcon /> {isSending ? t('digest.preview.sending') : t('digest.preview.send')}
        </Button>
      </DialogFooter>
    </>
  );
}

import { DownloadIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { cn } from '@web/lib/cn';
import { paths } from '@web/lib/paths';
import { useDownloadMyData } from '../api/download-my-data';
import { DeleteAccountDialog } from './delete-account-dialog';

/** Where a deleted account lands: the public site, which says goodbye (web/site/islands/page.ts). */
export const ACCOUNT_DELETED_URL = `${paths.landing}?goodbye=1`;

/**
 * Personal settings, "Your data": download everything held about you (GET /me/data) and delete
 * your account (decision 022). After a deletion the session is gone, so the app leaves with a
 * full page load; `onDeleted` is there for tests.
 */
export function YourDataCard({ onDeleted = () => window.location.assign(ACCOUNT_DELETED_URL) }: { onDeleted?: () => void }) {
  const { t } = useTranslation('privacy');
  const download = useDownloadMyData();
  const [isDeleting, setDeleting] = useState(false);

  async function onDownload() {
    try {
      const file = await download.mutateAsync();
      toast.success(t('download.done'), { description: t('download.doneText', { file }) });
    } catch (error) {
      toast.error(t('download.error'), { description: error instanceof Error ? error.message : undefined });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('card.title')}</CardTitle>
        <CardDescription>{t('card.description')}</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        <DataAction id="your-data-download" title={t('card.downloadTitle')} text={t('card.downloadText')} className="pb-5">
          <Button
            variant="outline"
            className="sm:mt-0.5"
            onClick={() => void onDownload()}
            disabled={download.isPending}
            aria-busy={download.isPending}
          >
            {download.isPending ? <Spinner /> : <DownloadIcon />}
            {download.isPending ? t('card.downloading') : t('card.download')}
          </Button>
        </DataAction>
        <DataAction id="your-data-delete" title={t('card.deleteTitle')} text={t('card.deleteText')} className="pt-5">
          <Button
            variant="outline"
            className="border-destructive/40 text-destructive hover:bg-destructive-soft hover:text-destructive sm:mt-0.5"
            onClick={() => setDeleting(true)}
          >
            <Trash2Icon /> {t('card.delete')}
          </Button>
        </DataAction>
      </CardContent>
      <DeleteAccountDialog open={isDeleting} onOpenChange={setDeleting} onDeleted={onDeleted} />
    </Card>
  );
}

/** One thing to do with your data: its title and what it does, and its button beside them (below on a phone). */
function DataAction({
  id,
  title,
  text,
  className,
  children,
}: {
  id: string;
  title: string;
  text: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn('flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6', className)}>
      <div className="min-w-0 space-y-1">
        <h4 id={id} className="text-sm font-medium">
          {title}
        </h4>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      {children}
    </section>
  );
}

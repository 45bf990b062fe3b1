import { type ImportSummary } from '@core/contracts';
import { CheckCircle2Icon, HistoryIcon, Undo2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { toast } from '@web/components/ui/toaster';
import { useCompanyFormat } from '@web/lib/format';
import { useImportHistory, useUndoImport } from '../api/imports';

/* What an import did, and the company's past imports with their undo (decisions 039 and 084). */

export function ImportResult({ result, onAnother }: { result: ImportSummary; onAnother: () => void }) {
  const { t } = useTranslation('imports');
  return (
    <Alert variant="success">
      <CheckCircle2Icon />
      <AlertTitle>{t(`result.${result.kind}`, { count: result.importedCount })}</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>{t('result.text')}</p>
        <Button size="sm" variant="outline" onClick={onAnother} className="text-foreground">
          {t('result.another')}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

export function useFormatters() {
  const { locale, timeZone } = useCompanyFormat();
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return { dateTime: (iso: string) => format.format(new Date(iso)) };
}

export function ImportHistory() {
  const { t } = useTranslation('imports');
  const history = useImportHistory();
  const undo = useUndoImport();
  const { dateTime } = useFormatters();
  const [confirming, setConfirming] = useState<ImportSummary | null>(null);

  const onUndo = () => {
    if (!confirming) return;
    undo.mutate(confirming.id, {
      onSuccess: () => {
        toast.success(t('undo.done'));
        setConfirming(null);
      },
      onError: (error) => toast.error(t('undo.error'), { description: error.message }),
    });
  };

  const imports = history.data?.imports ?? [];
  return (
    <section aria-labelledby="import-history-title" className="space-y-3">
      <div>
        <h2 id="import-history-title" className="text-lg font-semibold">
          {t('history.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('history.description')}</p>
      </div>
      {history.isPending ? (
        <Card className="space-y-3 p-5" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-8 w-full" />
          ))}
        </Card>
      ) : history.isError ? (
        <LoadError title={t('history.loadError')} error={history.error} onRetry={() => void history.refetch()} />
      ) : imports.length === 0 ? (
        <EmptyState icon={HistoryIcon} title={t('history.empty')} description={t('history.emptyText')} />
      ) : (
        <Card className="overflow-hidden">
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('history.file')}</TableHead>
                  <TableHead>{t('history.kind')}</TableHead>
                  <TableHead>{t('history.by')}</TableHead>
                  <TableHead>{t('history.when')}</TableHead>
                  <TableHead className="text-right">{t('history.rows')}</TableHead>
                  <TableHead>{t('history.status')}</TableHead>
                  <TableHead>
                    <span className="sr-only">{t('history.undo')}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {imports.map((item) => (
                  <TableRow key={item.id}>
                    <TableCell className="max-w-64 truncate font-medium" title={item.fileName}>
                      {item.fileName}
                    </TableCell>
                    <TableCell>{t(`kind.${item.kind}`)}</TableCell>
                    <TableCell>{item.createdBy.name ?? t('history.formerMember')}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={item.committedAt ?? item.createdAt}>{dateTime(item.committedAt ?? item.createdAt)}</time>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {t('history.rowsValue', { imported: item.importedCount, total: item.rowCount })}
                    </TableCell>
                    <TableCell>
                      <Badge variant={item.status === 'committed' ? 'success' : item.status === 'undone' ? 'secondary' : 'outline'}>
                        {t(`history.statuses.${item.status}`)}
                      </Badge>
                      {item.undoneAt && (
                        <span className="ml-2 text-xs text-muted-foreground">
                          {t('history.undoneAt', { time: dateTime(item.undoneAt) })}
                        </span>
                      )}
                    </TableCell>
                    <TableCell className="text-right">
                      {item.canUndo && (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setConfirming(item)}
                          aria-label={t('history.undoLabel', { file: item.fileName })}
                        >
                          <Undo2Icon /> {t('history.undo')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </Card>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('undo.title')}
        description={confirming ? t('undo.description', { count: confirming.importedCount, file: confirming.fileName }) : ''}
        confirmLabel={t('undo.confirm')}
        busyLabel={t('undo.busy')}
        isBusy={undo.isPending}
        isDestructive
        onConfirm={onUndo}
      />
    </section>
  );
}

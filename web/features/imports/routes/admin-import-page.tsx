import { IMPORT_MAX_PAST_DAYS, type ImportKind, type ImportPreview, type ImportSummary } from '@core/contracts';
import { TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Card, CardContent } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { useUploadImport } from '../api/imports';
import { DropZone } from '../components/import-drop-zone';
import { PreviewPanel } from '../components/import-preview';
import { ImportHistory, ImportResult } from '../components/import-history';

/*
 * Administration, Import (decision 039): upload a CSV or XLSX file, see the proposed column
 * mapping and every row checked (nothing is saved yet), change the mapping and see the rows checked
 * again, then import. While rows fail, "Import" stays off unless the admin chooses to leave those
 * rows out (decision 039: a partial import is a deliberate choice, never a silent one). Below, the
 * company's imports with Undo for an activities import. The server refuses anyone but admins.
 */

export function Component() {
  const { t } = useTranslation(['imports', 'settings']);
  const [kind, setKind] = useState<ImportKind>('activities');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportSummary | null>(null);
  const upload = useUploadImport();

  const startOver = () => {
    setPreview(null);
    setResult(null);
    upload.reset();
  };

  const onFile = (file: File) => {
    setResult(null);
    upload.mutate(
      { kind, file },
      {
        onSuccess: (answer) => setPreview(answer),
      },
    );
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="import-title" className="space-y-5">
        <div className="max-w-2xl">
          <h2 id="import-title" className="text-lg font-semibold">
            {t('imports:title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('imports:description')}</p>
        </div>

        {result ? (
          <ImportResult result={result} onAnother={startOver} />
        ) : preview ? (
          <PreviewPanel preview={preview} onChange={setPreview} onDone={setResult} onStartOver={startOver} />
        ) : (
          <Card>
            <CardContent className="space-y-4 pt-6">
              <div className="flex flex-wrap items-center gap-3">
                <Label htmlFor="import-kind">{t('imports:kind.label')}</Label>
                <Select value={kind} onValueChange={(value) => setKind(value as ImportKind)} disabled={upload.isPending}>
                  <SelectTrigger id="import-kind" className="w-48">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="activities">{t('imports:kind.activities')}</SelectItem>
                    <SelectItem value="customers">{t('imports:kind.customers')}</SelectItem>
                  </SelectContent>
                </Select>
              </div>
              <p className="text-sm text-muted-foreground">{t(`imports:kindHint.${kind}`, { days: IMPORT_MAX_PAST_DAYS })}</p>
              <DropZone busyName={upload.isPending ? (upload.variables?.file.name ?? '') : null} onFile={onFile} />
              {upload.isError && (
                <Alert variant="destructive">
                  <TriangleAlertIcon />
                  <AlertTitle>{t('imports:uploadError')}</AlertTitle>
                  <AlertDescription>{upload.error.message}</AlertDescription>
                </Alert>
              )}
            </CardContent>
          </Card>
        )}
      </section>

      <ImportHistory />
    </div>
  );
}

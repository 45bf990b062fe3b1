import { IMPORT_MAX_ROWS, IMPORT_UPLOAD_MAX_BYTES } from '@core/contracts';
import { FileSpreadsheetIcon, UploadIcon } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';

/* Where an admin drops or picks the spreadsheet to import (decision 039). */

export function DropZone({ busyName, onFile }: { busyName: string | null; onFile: (file: File) => void }) {
  const { t, i18n } = useTranslation('imports');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const number = new Intl.NumberFormat(i18n.language);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && busyName === null) onFile(file);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      aria-busy={busyName !== null}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors',
        over ? 'border-primary bg-primary-soft' : 'border-border bg-muted/30',
      )}
      data-testid="import-drop-zone"
    >
      {busyName !== null ? (
        <p className="flex items-center gap-2 text-sm font-medium" role="status">
          <Spinner /> {t('drop.uploading', { name: busyName })}
        </p>
      ) : (
        <>
          <span className="flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">
            <FileSpreadsheetIcon className="size-5" aria-hidden />
          </span>
          <p className="text-sm font-semibold">{t('drop.title')}</p>
          <p className="text-xs text-muted-foreground">{t('drop.or')}</p>
          <Button type="button" onClick={() => input.current?.click()}>
            <UploadIcon /> {t('drop.choose')}
          </Button>
          <p className="max-w-md text-xs text-muted-foreground">
            {t('drop.hint', { mb: IMPORT_UPLOAD_MAX_BYTES / (1024 * 1024), rows: number.format(IMPORT_MAX_ROWS) })}
          </p>
        </>
      )}
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('drop.label')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}

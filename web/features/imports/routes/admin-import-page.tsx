import {
  ACTIVITY_IMPORT_FIELDS,
  CUSTOMER_IMPORT_FIELDS,
  IMPORT_MAX_PAST_DAYS,
  IMPORT_MAX_ROWS,
  IMPORT_UPLOAD_MAX_BYTES,
  type ImportField,
  type ImportIssue,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  type ImportRow,
  type ImportSummary,
} from '@core/contracts';
import { CheckCircle2Icon, FileSpreadsheetIcon, HistoryIcon, TriangleAlertIcon, Undo2Icon, UploadIcon } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { toast } from '@web/components/ui/toaster';
import { cn } from '@web/lib/cn';
import { useCompanyFormat } from '@web/lib/format';
import { useCommitImport, useImportHistory, useUndoImport, useUploadImport, useValidateImport } from '../api/imports';

/*
 * Administration, Import (decision 039): upload a CSV or XLSX file, see the proposed column
 * mapping and every row checked (nothing is saved yet), change the mapping and see the rows checked
 * again, then import. While rows fail, "Import" stays off unless the admin chooses to leave those
 * rows out (decision 039: a partial import is a deliberate choice, never a silent one). Below, the
 * company's imports with Undo for an activities import. The server refuses anyone but admins.
 */

const FIELDS: Record<ImportKind, readonly ImportField[]> = { activities: ACTIVITY_IMPORT_FIELDS, customers: CUSTOMER_IMPORT_FIELDS };
const REQUIRED: readonly ImportField[] = ['date', 'email', 'type', 'name'];
const NONE = 'none';

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

function DropZone({ busyName, onFile }: { busyName: string | null; onFile: (file: File) => void }) {
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

function PreviewPanel({
  preview,
  onChange,
  onDone,
  onStartOver,
}: {
  preview: ImportPreview;
  onChange: (preview: ImportPreview) => void;
  onDone: (summary: ImportSummary) => void;
  onStartOver: () => void;
}) {
  const { t } = useTranslation('imports');
  const { dateTime } = useFormatters();
  const validate = useValidateImport();
  const commit = useCommitImport();
  const [skipFailing, setSkipFailing] = useState(false);
  const skipId = useId();
  const failing = preview.failingCount > 0;
  const count = failing ? preview.validCount : preview.rowCount;
  const blocked = validate.isPending || preview.validCount === 0 || (failing && !skipFailing);

  const changeMapping = (field: ImportField, value: string) => {
    const mapping: ImportMapping = { ...preview.mapping, [field]: value === NONE ? null : Number(value) };
    // Shown at once; the rows' checks follow from the server.
    onChange({ ...preview, mapping });
    validate.mutate({ id: preview.id, mapping }, { onSuccess: onChange });
  };

  const onCommit = () =>
    commit.mutate(
      { id: preview.id, mapping: preview.mapping, skipFailing: failing && skipFailing },
      {
        onSuccess: (summary) => {
          toast.success(t(`result.${summary.kind}`, { count: summary.importedCount }));
          onDone(summary);
        },
      },
    );

  return (
    <div className="space-y-5">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle>{t('preview.title')}</CardTitle>
            <CardDescription>
              {t('preview.summary', { file: preview.fileName, rows: preview.rowCount })} ·{' '}
              {t('preview.expires', { time: dateTime(preview.expiresAt) })}
            </CardDescription>
          </div>
          <Button variant="outline" size="sm" onClick={onStartOver} disabled={commit.isPending}>
            {t('preview.startOver')}
          </Button>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="flex flex-wrap gap-2" aria-live="polite">
            <Badge variant="success">{t('preview.valid', { count: preview.validCount })}</Badge>
            {failing && (
              // The destructive badge's red on pink is too faint for small text: a red outline and icon instead.
              <Badge variant="outline" className="border-destructive/50">
                <TriangleAlertIcon className="text-destructive" aria-hidden /> {t('preview.failing', { count: preview.failingCount })}
              </Badge>
            )}
            {validate.isPending && (
              <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <Spinner /> {t('preview.checking')}
              </span>
            )}
          </div>

          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold">{t('mapping.title')}</legend>
            <p className="text-sm text-muted-foreground">{t('mapping.description')}</p>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {FIELDS[preview.kind].map((field) => (
                <MappingSelect key={field} field={field} preview={preview} onChange={changeMapping} disabled={commit.isPending} />
              ))}
            </div>
          </fieldset>

          {validate.isError && (
            <Alert variant="destructive">
              <TriangleAlertIcon />
              <AlertTitle>{t('preview.validateError')}</AlertTitle>
              <AlertDescription>{validate.error.message}</AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>

      {failing && (
        <RowsTable
          title={t('table.failuresTitle')}
          rows={preview.failures}
          columns={preview.columns}
          note={
            preview.failures.length < preview.failingCount
              ? t('table.failuresMore', { shown: preview.failures.length, count: preview.failingCount })
              : undefined
          }
        />
      )}
      <RowsTable title={t('table.sampleTitle')} rows={preview.sample} columns={preview.columns} />

      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
          <div className="max-w-xl space-y-2">
            {failing ? (
              <>
                <div className="flex items-center gap-3">
                  <Switch id={skipId} checked={skipFailing} onCheckedChange={setSkipFailing} disabled={commit.isPending} />
                  <Label htmlFor={skipId}>{t('commit.skip')}</Label>
                </div>
                <p className="text-xs text-muted-foreground">{skipFailing ? t('commit.skipHint') : t('commit.blocked')}</p>
              </>
            ) : (
              <p className="flex items-center gap-2 text-sm text-success-strong">
                <CheckCircle2Icon className="size-4" aria-hidden /> {t('preview.allGood')}
              </p>
            )}
          </div>
          <Button onClick={onCommit} disabled={blocked || commit.isPending}>
            {commit.isPending ? (
              <>
                <Spinner /> {t('commit.busy')}
              </>
            ) : (
              t('commit.button', { count })
            )}
          </Button>
        </CardContent>
        {commit.isError && (
          <CardContent>
            <Alert variant="destructive">
              <TriangleAlertIcon />
              <AlertTitle>{t('commit.error')}</AlertTitle>
              <AlertDescription>{commit.error.message}</AlertDescription>
            </Alert>
          </CardContent>
        )}
      </Card>
    </div>
  );
}

function MappingSelect({
  field,
  preview,
  onChange,
  disabled,
}: {
  field: ImportField;
  preview: ImportPreview;
  onChange: (field: ImportField, value: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('imports');
  const id = useId();
  const value = preview.mapping[field];
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {t(`fields.${field}`)}
        {REQUIRED.includes(field) && <span className="ml-1 text-xs font-normal text-muted-foreground">({t('mapping.required')})</span>}
      </Label>
      <Select
        value={value === undefined || value === null ? NONE : String(value)}
        onValueChange={(next) => onChange(field, next)}
        disabled={disabled}
      >
        <SelectTrigger id={id} className="w-full" data-field={field}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>{t('mapping.none')}</SelectItem>
          {preview.columns.map((column, index) => (
            <SelectItem key={index} value={String(index)}>
              {column === '' ? `#${index + 1}` : column}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function useIssueText() {
  const { t } = useTranslation('imports');
  return (issue: ImportIssue) => t(`issues.${issue.code}`, { field: t(`fields.${issue.field}`), days: IMPORT_MAX_PAST_DAYS });
}

function RowsTable({ title, rows, columns, note }: { title: string; rows: ImportRow[]; columns: string[]; note?: string }) {
  const { t } = useTranslation('imports');
  const issueText = useIssueText();
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {note && <CardDescription>{note}</CardDescription>}
      </CardHeader>
      {/* A scrolling region is focusable so the keyboard can scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="max-h-[28rem] overflow-auto border-t" tabIndex={0} role="region" aria-label={title}>
        {/* A plain table: the ui Table's own scrolling wrapper would be a second, unfocusable scroller. */}
        <table className="w-full text-sm" aria-label={t('table.label')}>
          <TableHeader className="sticky top-0 z-10 bg-card">
            <TableRow>
              <TableHead className="w-14">{t('table.row')}</TableHead>
              <TableHead className="min-w-56">{t('table.problems')}</TableHead>
              {columns.map((column, index) => (
                <TableHead key={index} className="whitespace-nowrap">
                  {column}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => {
              const failing = row.issues.length > 0;
              return (
                <TableRow
                  key={row.row}
                  data-failing={failing || undefined}
                  className={cn(failing && 'bg-destructive-soft hover:bg-destructive-soft')}
                >
                  <TableCell
                    className={cn('text-muted-foreground tabular-nums', failing && 'border-l-4 border-l-destructive text-foreground')}
                  >
                    {row.row}
                  </TableCell>
                  <TableCell>
                    {failing ? (
                      <ul className="space-y-0.5 font-medium text-foreground">
                        {row.issues.map((issue) => (
                          <li key={`${issue.field}-${issue.code}`} className="flex items-start gap-1.5">
                            <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0 text-destructive" aria-hidden />
                            {issueText(issue)}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="flex items-center gap-1.5 text-muted-foreground">
                        <CheckCircle2Icon className="size-3.5 text-success-strong" aria-hidden /> {t('table.ok')}
                      </span>
                    )}
                  </TableCell>
                  {columns.map((_, index) => (
                    <TableCell key={index} className="max-w-64 truncate whitespace-nowrap" title={row.cells[index]}>
                      {row.cells[index]}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </table>
      </div>
    </Card>
  );
}

function ImportResult({ result, onAnother }: { result: ImportSummary; onAnother: () => void }) {
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

function useFormatters() {
  const { locale, timeZone } = useCompanyFormat();
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return { dateTime: (iso: string) => format.format(new Date(iso)) };
}

function ImportHistory() {
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

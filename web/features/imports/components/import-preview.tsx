import {
  ACTIVITY_IMPORT_FIELDS,
  CUSTOMER_IMPORT_FIELDS,
  IMPORT_MAX_PAST_DAYS,
  type ActivityType,
  type ImportField,
  type ImportFieldMapping,
  type ImportIssue,
  type ImportKind,
  type ImportPreview,
  type ImportRow,
  type ImportSummary,
} from '@core/contracts';
import { CheckCircle2Icon, TriangleAlertIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { toast } from '@web/components/ui/toaster';
import { pickName } from '@core/activity-types';
import { cn } from '@web/lib/cn';
import { useActivityTypes } from '@web/lib/queries/get-activity-types';
import { useCommitImport, useValidateImport } from '../api/imports';
import { useFormatters } from './import-history';

/* The checked file before it is imported: the columns' mapping, the rows and their issues (decision 039). */

/** The fields each kind of import maps columns to, and those a file must have. */
const FIELDS: Record<ImportKind, readonly ImportField[]> = { activities: ACTIVITY_IMPORT_FIELDS, customers: CUSTOMER_IMPORT_FIELDS };
const REQUIRED: readonly ImportField[] = ['date', 'email', 'type', 'name'];

export const NONE = 'none';

export function PreviewPanel({
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

  const check = (next: Pick<ImportPreview, 'mapping' | 'fields'>) => {
    // Shown at once; the rows' checks follow from the server.
    onChange({ ...preview, ...next });
    validate.mutate({ id: preview.id, ...next }, { onSuccess: onChange });
  };
  const changeMapping = (field: ImportField, value: string) =>
    check({ mapping: { ...preview.mapping, [field]: value === NONE ? null : Number(value) }, fields: preview.fields });
  const changeField = (key: string, value: string) =>
    check({ mapping: preview.mapping, fields: { ...preview.fields, [key]: value === NONE ? null : Number(value) } });
  const ownFields = useOwnTypeFields(preview.fields);

  const onCommit = () =>
    commit.mutate(
      { id: preview.id, mapping: preview.mapping, fields: preview.fields, skipFailing: failing && skipFailing },
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
                <MappingSelect
                  key={field}
                  label={t(`fields.${field}`)}
                  required={REQUIRED.includes(field)}
                  testId={field}
                  value={preview.mapping[field]}
                  columns={preview.columns}
                  onChange={(next) => changeMapping(field, next)}
                  disabled={commit.isPending}
                />
              ))}
            </div>
          </fieldset>

          {ownFields.length > 0 && (
            // The company's own types (decision 100): a row names one in its type column, and its fields come from these columns.
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold">{t('mapping.ownTitle')}</legend>
              <p className="text-sm text-muted-foreground">{t('mapping.ownDescription')}</p>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {ownFields.map((own) => (
                  <MappingSelect
                    key={own.key}
                    label={own.label}
                    required={own.required}
                    testId={own.key}
                    value={preview.fields[own.key]}
                    columns={preview.columns}
                    onChange={(next) => changeField(own.key, next)}
                    disabled={commit.isPending}
                  />
                ))}
              </div>
            </fieldset>
          )}

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

/** Each own type's field the preview maps (its key), named "Type: Field" in the reader's language. */
function useOwnTypeFields(fields: ImportFieldMapping): { key: string; label: string; required: boolean }[] {
  const { i18n } = useTranslation('imports');
  const types = useActivityTypes().data?.types ?? [];
  return Object.keys(fields).flatMap((key) => {
    const named = nameTypeField(types, key, i18n.language);
    return named ? [{ key, ...named }] : [];
  });
}

/** "Door knock: Contract value" for a `typeId.fieldId` key, or null when the type or field is not (or no longer) there. */
function nameTypeField(types: readonly ActivityType[], key: string, language: string): { label: string; required: boolean } | null {
  const [typeId, fieldId] = key.split('.');
  const type = types.find((candidate) => candidate.id === typeId);
  const field = type?.fields.find((candidate) => candidate.id === fieldId);
  return type && field
    ? { label: `${pickName(type.names, language)}: ${pickName(field.names, language)}`, required: field.required }
    : null;
}

export function MappingSelect({
  label,
  required,
  testId,
  value,
  columns,
  onChange,
  disabled,
}: {
  label: string;
  required: boolean;
  testId: string;
  value: number | null | undefined;
  columns: readonly string[];
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('imports');
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {label}
        {required && <span className="ml-1 text-xs font-normal text-muted-foreground">({t('mapping.required')})</span>}
      </Label>
      <Select value={value === undefined || value === null ? NONE : String(value)} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger id={id} className="w-full" data-field={testId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>{t('mapping.none')}</SelectItem>
          {columns.map((column, index) => (
            <SelectItem key={index} value={String(index)}>
              {column === '' ? `#${index + 1}` : column}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

export function useIssueText() {
  const { t, i18n } = useTranslation('imports');
  const types = useActivityTypes().data?.types ?? [];
  // An own type's field is named by its type and itself ("Door knock: Contract value"), not as "Value".
  const fieldName = (issue: ImportIssue) =>
    (issue.typeField ? nameTypeField(types, issue.typeField, i18n.language)?.label : undefined) ?? t(`fields.${issue.field}`);
  return (issue: ImportIssue) => t(`issues.${issue.code}`, { field: fieldName(issue), days: IMPORT_MAX_PAST_DAYS });
}

export function RowsTable({ title, rows, columns, note }: { title: string; rows: ImportRow[]; columns: string[]; note?: string }) {
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
                          <li key={`${issue.typeField ?? issue.field}-${issue.code}`} className="flex items-start gap-1.5">
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

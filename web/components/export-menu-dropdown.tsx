import { ChevronDownIcon, DownloadIcon, FileSpreadsheetIcon, FileTextIcon } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { useMe } from '@web/lib/auth/get-me';
import { downloadApiFile } from '@web/lib/download';
import { EXPORT_CHOICES, type ExportChoice, type ExportRequest, fallbackExportName, fetchExport } from '@web/lib/exports';
import { formatDateRange, useCompanyFormat } from '@web/lib/format';
import { showErrorToast } from '@web/lib/show-error-toast';

import type { ExportTarget } from './export-menu';

const CHOICE_LOOKS: Record<ExportChoice, { icon: typeof FileTextIcon; label: string; hint: string }> = {
  csv: { icon: FileTextIcon, label: 'exportMenu.csv', hint: 'exportMenu.csvHint' },
  'csv-semicolon': { icon: FileTextIcon, label: 'exportMenu.csvSemicolon', hint: 'exportMenu.csvSemicolonHint' },
  xlsx: { icon: FileSpreadsheetIcon, label: 'exportMenu.xlsx', hint: 'exportMenu.xlsxHint' },
};

/**
 * The Export menu itself, loaded when its button is first pointed at, focused or pressed
 * (export-menu.tsx). A screen's Export button (decision 034): a menu of CSV, CSV for Norwegian Excel and Excel for
 * each thing the screen shows (`targets`: its view, period and member), in the screen's language.
 * Radix's menu gives the keyboard its way in (Enter, Space, the arrows, Escape). The file is
 * fetched first, so a refusal (another export still running, a 403) is a toast in the reader's
 * language, and the browser saves it under the server's name.
 */
export function ExportMenuDropdown({
  targets,
  disabled,
  defaultOpen,
}: {
  targets: readonly ExportTarget[];
  disabled?: boolean;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation('data');
  const format = useCompanyFormat();
  const [isBusy, setBusy] = useState(false);

  const me = useMe().data?.user.id;
  const describe = (target: ExportTarget) => {
    // The reader's own row or activities (My Activity, the monthly view's own tab) say so: "Leaderboard" read as everyone's.
    const kind =
      target.member !== undefined && target.member === me && target.kind !== 'goals' && target.kind !== 'members'
        ? t(`mine.${target.kind}`)
        : t(`kinds.${target.kind}`);
    const period = target.period;
    if (!period || target.kind === 'goals' || target.kind === 'members') return kind;
    const when = 'period' in period ? t(`periods.${period.period}`) : formatDateRange(period.from, period.to, format.locale);
    return `${kind}, ${when}`;
  };

  async function run(target: ExportTarget, choice: ExportChoice) {
    const request: ExportRequest = { ...target, choice };
    setBusy(true);
    try {
      const file = await downloadApiFile(fetchExport(request), fallbackExportName(request));
      toast.success(t('exportMenu.done'), { description: t('exportMenu.doneText', { file }) });
    } catch (error) {
      showErrorToast(t('exportMenu.failed'), t('exportMenu.failedText'), error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild disabled={disabled || isBusy}>
        <Button variant="outline" aria-busy={isBusy} data-testid="export-menu">
          {isBusy ? <Spinner /> : <DownloadIcon />}
          {isBusy ? t('exportMenu.busy') : t('actions.export', { ns: 'common' })}
          <ChevronDownIcon className="-mr-1 opacity-60" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        {targets.map((target, index) => (
          <Fragment key={`${target.kind}-${index}`}>
            {index > 0 && <DropdownMenuSeparator />}
            <DropdownMenuGroup aria-label={t('exportMenu.label', { what: describe(target) })}>
              <DropdownMenuLabel>{describe(target)}</DropdownMenuLabel>
              {EXPORT_CHOICES.map((choice) => {
                const { icon: Icon, label, hint } = CHOICE_LOOKS[choice];
                return (
                  <DropdownMenuItem key={choice} onSelect={() => void run(target, choice)} className="items-start">
                    <Icon className="mt-0.5" aria-hidden />
                    <span className="flex min-w-0 flex-col">
                      <span>{t(label)}</span>
                      <span className="text-xs text-muted-foreground">{t(hint)}</span>
                    </span>
                  </DropdownMenuItem>
                );
              })}
            </DropdownMenuGroup>
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { ChevronDownIcon, DownloadIcon } from 'lucide-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadOnIntent } from '@web/components/load-on-intent';
import { loadNamespaces } from '@web/i18n';
import { Button } from '@web/components/ui/button';
import type { ExportRequest } from '@web/lib/exports';
import { importOrReload } from '@web/lib/lazy-import';

/** One file the menu offers: what (kind, period, member, sort) without the format, chosen in the menu. */
export type ExportTarget = Omit<ExportRequest, 'choice' | 'language'>;

// The menu (Radix's dropdown, the export calls and their words) is not part of a board's first
// load (decision 085); as the account menu, it loads when its button is pointed at or focused.
// The button's own word is common's: a board does not download the data catalog to show it.
const loadDropdown = () =>
  Promise.all([importOrReload(() => import('./export-menu-dropdown')), loadNamespaces(['data'])]).then(([module]) => module);
const ExportMenuDropdown = lazy(() => loadDropdown().then((module) => ({ default: module.ExportMenuDropdown })));

/**
 * A screen's Export button (decision 034): a menu of CSV, CSV for Norwegian Excel and Excel for
 * each thing the screen shows (`targets`: its view, period and member), in the screen's language.
 * Until first opened, the same button without the menu's code.
 */
export function ExportMenu({ targets, disabled }: { targets: readonly ExportTarget[]; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <LoadOnIntent
      preload={loadDropdown}
      trigger={(triggerProps) => (
        <Button
          variant="outline"
          data-testid="export-menu"
          aria-haspopup="menu"
          aria-expanded={false}
          disabled={disabled}
          {...triggerProps}
        >
          <DownloadIcon />
          {t('actions.export')}
          <ChevronDownIcon className="-mr-1 opacity-60" aria-hidden />
        </Button>
      )}
    >
      <ExportMenuDropdown targets={targets} disabled={disabled} defaultOpen />
    </LoadOnIntent>
  );
}

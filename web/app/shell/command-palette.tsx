import { SearchIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importOrReload } from '@web/lib/lazy-import';
import { describeModifierKey } from './keyboard-shortcuts';

// cmdk and the dialog are not part of the shell's first load: they load when the palette first opens.
const CommandPaletteDialog = lazy(() =>
  importOrReload(() => import('./command-palette-dialog')).then((module) => ({ default: module.CommandPaletteDialog })),
);

/** Ctrl/Cmd+K: jump to any screen or start logging, from the keyboard. */
export function CommandPalette({
  isAdmin,
  isCoach,
  onShowShortcuts,
}: {
  isAdmin: boolean;
  isCoach?: boolean;
  onShowShortcuts: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so later openings are instant and closing animates.
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        setOpen((v) => !v);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="hidden h-9 w-full max-w-xs items-center gap-2 rounded-md border border-input bg-muted/60 px-3 text-sm text-muted-foreground transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring sm:flex"
      >
        <SearchIcon className="size-4" aria-hidden />
        <span className="flex-1 text-left">{t('header.search', { keys: describeModifierKey().joined('K') })}</span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <CommandPaletteDialog open={open} onOpenChange={setOpen} isAdmin={isAdmin} isCoach={isCoach} onShowShortcuts={onShowShortcuts} />
        </Suspense>
      )}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { describeModifierKey, HELP_KEY, LOG_SHORTCUTS } from './keyboard-shortcuts';

/** A key as it is printed on the keyboard. */
export function Kbd({ children, ...props }: React.ComponentProps<'kbd'>) {
  return (
    <kbd
      {...props}
      className="inline-flex min-w-6 items-center justify-center rounded border border-b-2 bg-muted px-1.5 font-sans text-xs font-medium text-foreground"
    >
      {children}
    </kbd>
  );
}

/** The list of keyboard shortcuts, opened with ? (and from the command palette). */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const mod = describeModifierKey().symbol;
  const rows: { keys: string[]; label: string }[] = [
    ...LOG_SHORTCUTS.map(({ key, kind }) => ({ keys: [key.toUpperCase()], label: t(`shortcuts.log.${kind}`) })),
    { keys: [mod, 'K'], label: t('shortcuts.palette') },
    { keys: [mod, 'B'], label: t('shortcuts.sidebar') },
    { keys: [HELP_KEY], label: t('shortcuts.help') },
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('shortcuts.title')}</DialogTitle>
          <DialogDescription>{t('shortcuts.description')}</DialogDescription>
        </DialogHeader>
        <dl className="divide-y rounded-lg border">
          {rows.map((row) => (
            <div key={row.label} className="flex items-center justify-between gap-4 px-3 py-2.5 text-sm">
              <dt>{row.label}</dt>
              <dd className="flex shrink-0 items-center gap-1">
                {row.keys.map((key) => (
                  <Kbd key={key}>{key}</Kbd>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}

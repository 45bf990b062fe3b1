import { Command } from 'cmdk';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { CalendarCheckIcon, KeyboardIcon, PhoneIcon, SearchIcon, TvIcon, WalletIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@web/lib/paths';
import { logPath } from './keyboard-shortcuts';
import { navItemsFor } from './nav-items';
import { Kbd } from './shortcuts-dialog';

/** The palette itself (cmdk in a dialog): its own chunk, loaded the first time it opens. */
export function CommandPaletteDialog({
  open,
  onOpenChange,
  isAdmin,
  isCoach,
  onShowShortcuts,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isAdmin: boolean;
  isCoach?: boolean;
  /** Opens the list of keyboard shortcuts. */
  onShowShortcuts: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const go = (to: string) => {
    onOpenChange(false);
    void navigate(to);
  };
  const items = navItemsFor({ isAdmin, isCoach });

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-[oklch(0.2_0.04_258/0.45)]" />
        <DialogPrimitive.Content className="fixed top-[18%] left-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 overflow-hidden rounded-xl border bg-popover shadow-2xl">
          <DialogPrimitive.Title className="sr-only">{t('palette.title')}</DialogPrimitive.Title>
          <Command
            label={t('palette.title')}
            className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-2 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground"
          >
            <div className="flex items-center gap-2 border-b px-3">
              <SearchIcon className="size-4 text-muted-foreground" aria-hidden />
              <Command.Input placeholder={t('palette.placeholder')} className="h-12 flex-1 bg-transparent text-sm outline-none" />
            </div>
            <Command.List className="max-h-80 overflow-y-auto p-1">
              <Command.Empty className="py-6 text-center text-sm text-muted-foreground">{t('palette.empty')}</Command.Empty>
              <Command.Group heading={t('palette.actions')}>
                <PaletteItem onSelect={() => go(logPath('call'))} icon={<PhoneIcon />} label={t('palette.logCall')} shortcut="C" />
                <PaletteItem
                  onSelect={() => go(logPath('meeting'))}
                  icon={<CalendarCheckIcon />}
                  label={t('palette.logMeeting')}
                  shortcut="M"
                />
                <PaletteItem onSelect={() => go(logPath('sale'))} icon={<WalletIcon />} label={t('palette.logSale')} shortcut="S" />
                <PaletteItem
                  onSelect={() => {
                    onOpenChange(false);
                    window.open(paths.tv, '_blank', 'noopener');
                  }}
                  icon={<TvIcon />}
                  label={t('palette.tv')}
                />
                <PaletteItem
                  onSelect={() => {
                    onOpenChange(false);
                    onShowShortcuts();
                  }}
                  icon={<KeyboardIcon />}
                  label={t('palette.shortcuts')}
                  shortcut="?"
                />
              </Command.Group>
              <Command.Group heading={t('palette.pages')}>
                {items.map((item) => (
                  <PaletteItem key={item.to} onSelect={() => go(item.to)} icon={<item.icon />} label={t(item.labelKey)} />
                ))}
              </Command.Group>
            </Command.List>
          </Command>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function PaletteItem({
  icon,
  label,
  onSelect,
  shortcut,
}: {
  icon: React.ReactNode;
  label: string;
  onSelect: () => void;
  shortcut?: string;
}) {
  return (
    <Command.Item
      value={label}
      onSelect={onSelect}
      aria-keyshortcuts={shortcut === '?' ? 'Shift+?' : shortcut}
      className="flex cursor-default items-center gap-3 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-accent [&_svg]:size-4 [&_svg]:text-muted-foreground"
    >
      {icon}
      <span className="flex-1">{label}</span>
      {shortcut && <Kbd aria-hidden>{shortcut}</Kbd>}
    </Command.Item>
  );
}

import { Command } from 'cmdk';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { CalendarCheckIcon, KeyboardIcon, PhoneIcon, SearchIcon, TvIcon, UserRoundIcon, WalletIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pickName } from '@core/activity-types';
import { ACTIVITY_TYPE_ICON_COMPONENTS } from '@web/components/activity-type-icon';
import { useMe } from '@web/lib/auth/get-me';
import { lowerInSentence } from '@web/lib/in-sentence';
import { useKindNames } from '@web/lib/kind-names';
import { paths } from '@web/lib/paths';
import { usePersonPageHref } from '@web/lib/people';
import { useLoggableTypes } from '@web/lib/queries/get-activity-types';
import { getMembersQueryOptions } from '@web/lib/queries/get-members';
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
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = useMe().data;
  const [search, setSearch] = useState('');
  // Each opening starts empty: the dialog stays mounted between openings (command-palette.tsx).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSearch('');
  }
  const ownTypes = useLoggableTypes() ?? [];
  // A built-in kind the company renamed (decision 116) is offered by its name, as an own type is.
  const { renamed } = useKindNames();
  const renamedLabel = (kind: 'call' | 'meeting' | 'sale') => {
    const name = renamed(kind);
    return name && t('palette.logType', { type: lowerInSentence(name) });
  };
  // Only an admin or a lead may open someone else's page: a rep's palette asks for nobody.
  const members = useQuery({ ...getMembersQueryOptions(), enabled: isAdmin || isCoach === true });
  const personHref = usePersonPageHref();
  // The people whose page the reader may open (decision 046: an admin everyone, a lead their team),
  // besides themselves (My Activity is theirs). Listed once something is typed: a palette of 200
  // names before the first letter would bury the screens.
  const people = (members.data?.members ?? []).flatMap((member) => {
    const href = member.userId === me?.user.id ? null : personHref(member.userId);
    // Active members only (no former member to name); one without a name is their e-mail.
    return href ? [{ member, href, name: member.displayName?.trim() || member.email }] : [];
  });

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
              <Command.Input
                value={search}
                onValueChange={setSearch}
                placeholder={t(isAdmin || isCoach ? 'palette.placeholderPeople' : 'palette.placeholder')}
                className="h-12 flex-1 bg-transparent text-sm outline-none"
              />
            </div>
            <Command.List className="max-h-80 overflow-y-auto p-1">
              <Command.Empty className="py-6 text-center text-sm text-muted-foreground">{t('palette.empty')}</Command.Empty>
              <Command.Group heading={t('palette.actions')}>
                <PaletteItem
                  onSelect={() => go(logPath('call'))}
                  icon={<PhoneIcon />}
                  label={renamedLabel('call') ?? t('palette.logCall')}
                  shortcut="C"
                />
                <PaletteItem
                  onSelect={() => go(logPath('meeting'))}
                  icon={<CalendarCheckIcon />}
                  label={renamedLabel('meeting') ?? t('palette.logMeeting')}
                  shortcut="M"
                />
                <PaletteItem
                  onSelect={() => go(logPath('sale'))}
                  icon={<WalletIcon />}
                  label={renamedLabel('sale') ?? t('palette.logSale')}
                  shortcut="S"
                />
                {ownTypes.map((type) => {
                  const Icon = ACTIVITY_TYPE_ICON_COMPONENTS[type.icon];
                  const name = pickName(type.names, i18n.language, me?.company?.language);
                  return (
                    <PaletteItem
                      key={type.id}
                      onSelect={() => go(logPath(`type:${type.id}`))}
                      icon={<Icon />}
                      label={t('palette.logType', { type: lowerInSentence(name) })}
                    />
                  );
                })}
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
              {search.trim() !== '' && people.length > 0 && (
                <Command.Group heading={t('palette.people')}>
                  {people.map(({ member, href, name }) => (
                    <PaletteItem
                      key={member.userId}
                      // Name and e-mail together: found by either, and two people of one name stay two options.
                      value={`${name} ${member.email}`}
                      onSelect={() => go(href)}
                      icon={<UserRoundIcon />}
                      label={name}
                      detail={member.email}
                    />
                  ))}
                </Command.Group>
              )}
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
  value = label,
  detail,
}: {
  icon: React.ReactNode;
  label: string;
  onSelect: () => void;
  shortcut?: string;
  /** What the search matches and cmdk tells options apart by: the label unless given. */
  value?: string;
  /** Quieter text beside the label (a person’s e-mail). */
  detail?: string;
}) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      aria-keyshortcuts={shortcut === '?' ? 'Shift+?' : shortcut}
      className="flex cursor-default items-center gap-3 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-accent [&_svg]:size-4 [&_svg]:text-muted-foreground"
    >
      {icon}
      <span className="min-w-0 flex-1 truncate">
        {label}
        {detail && <span className="ml-2 text-xs text-muted-foreground">{detail}</span>}
      </span>
      {shortcut && <Kbd aria-hidden>{shortcut}</Kbd>}
    </Command.Item>
  );
}

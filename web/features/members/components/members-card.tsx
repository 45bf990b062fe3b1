import type { Me, TeamMember } from '@core/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { InfoIcon, ShieldCheckIcon, ShieldOffIcon, UserMinusIcon, UsersIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { PersonAvatar } from '@web/components/person-avatar';
import { PersonNameLink } from '@web/components/person-name-link';
import { RoleBadge } from '@web/components/role-badge';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toaster';
import { useAuth } from '@web/lib/auth/auth-provider';
import { cn } from '@web/lib/cn';
import { formatDate } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { queryKeys } from '@web/lib/query-keys';
import { usePersonPageHref } from '@web/lib/people';
import { useErrorToast } from '@web/lib/use-error-toast';
import { useMembers } from '@web/lib/queries/get-members';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMemberRole } from '../api/update-member-role';
import { useTeams } from '@web/lib/teams';
import { MemberBoardsSwitch } from './member-boards-switch';
import { MemberTeamSelect } from './member-team-select';
import { MemberDataActions } from './member-data-actions';

type Pending = { kind: 'promote' | 'demote' | 'remove'; member: TeamMember };

/**
 * The team with role and join date. Admins get Make Admin / Remove Admin (after a confirmation)
 * and, where `canRemove`, removal from the company. The only admin can do neither, and the row says why.
 */
export function MembersCard({ canRemove = false }: { canRemove?: boolean }) {
  const { t, i18n } = useTranslation('settings');
  const { me, isAdmin, recheck } = useAuth();
  const members = useMembers();
  const changeRole = useUpdateMemberRole();
  const remove = useRemoveMember();
  const [pending, setPending] = useState<Pending | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /** What to do once this card has left the screen: give up your own admin role. */
  const onLeave = useRef<(() => void) | null>(null);
  useEffect(() => {
    const leaving = onLeave;
    return () => leaving.current?.();
  }, []);
  useErrorToast(members.error, t('toasts.membersLoadError'));

  const list = members.data?.members ?? [];
  const adminCount = list.filter((m) => m.role === 'admin').length;
  // The team column shows once the company has teams (decision 040).
  const teams = useTeams().data?.teams ?? [];
  const hasTeams = teams.length > 0;
  const myId = me?.user.id;
  const nameOf = (m: TeamMember) => m.displayName ?? m.email;
  // A name leads to the person's page for those the viewer may open (decision 046).
  const personHref = usePersonPageHref();

  async function onConfirm() {
    if (!pending) return;
    const { kind, member } = pending;
    try {
      if (kind === 'remove') {
        await remove.mutateAsync(member.userId);
        toast.success(t('toasts.memberRemoved'), { description: t('team.removedDescription', { name: nameOf(member) }) });
      } else if (kind === 'demote' && member.userId === myId) {
        // Leave the admin screen first; the role goes once it has (the effect below): on screen,
        // its admin-only data (the invitations, the sign-up policy) would be fetched again, refused
        // and shown as errors, and the admin pages' guard would call it an access denied.
        setPending(null);
        onLeave.current = () => {
          // Off the admin screen now: the app takes the role away at once (nothing asks for admin
          // data any more), then the server; a refusal puts it back.
          queryClient.setQueryData<Me | null>(queryKeys.me, (old) =>
            old?.profile ? { ...old, profile: { ...old.profile, role: 'user' }, onboarding: { ...old.onboarding, role: 'user' } } : old,
          );
          changeRole.mutateAsync({ userId: member.userId, role: 'user' }).then(
            () => toast.success(t('team.selfDemoted'), { description: t('team.selfDemotedDescription') }),
            (error: unknown) => {
              toast.error(t('toasts.roleUpdateError'), { description: error instanceof Error ? error.message : undefined });
              void recheck();
            },
          );
        };
        void navigate(paths.app.dashboard, { replace: true });
        return;
      } else {
        const role = kind === 'promote' ? 'admin' : 'user';
        await changeRole.mutateAsync({ userId: member.userId, role });
        toast.success(t('toasts.roleUpdated'), {
          description: t(role === 'admin' ? 'team.nowAdmin' : 'team.nowUser', { name: nameOf(member) }),
        });
        if (member.userId === myId) await recheck();
      }
      setPending(null);
    } catch (error) {
      const title = kind === 'remove' ? t('toasts.memberRemoveError') : t('toasts.roleUpdateError');
      toast.error(title, { description: error instanceof Error ? error.message : undefined });
      setPending(null);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {t('team.membersTitle')}
          {members.data && <Badge variant="secondary">{list.length}</Badge>}
        </CardTitle>
        <CardDescription>{isAdmin ? t('team.membersDescriptionAdmin') : t('team.membersDescriptionUser')}</CardDescription>
        {isAdmin && <p className="text-xs text-muted-foreground">{t('team.boards.hint')}</p>}
      </CardHeader>
      <CardContent className="px-0 pb-2">
        {members.isError ? (
          <div className="px-5">
            <LoadError title={t('toasts.membersLoadError')} error={members.error} onRetry={() => void members.refetch()} />
          </div>
        ) : members.isPending ? (
          <div className="space-y-3 px-5" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : list.length === 0 ? (
          <div className="px-5">
            <EmptyState icon={UsersIcon} title={t('team.noMembers')} />
          </div>
        ) : (
          <>
            <div
              className="hidden border-y px-5 py-2.5 text-xs font-medium tracking-wide text-muted-foreground uppercase lg:flex lg:items-center lg:gap-4"
              aria-hidden
            >
              <span className="flex-1">{t('team.member')}</span>
              <span className="w-32">{t('team.role')}</span>
              {hasTeams && <span className="w-36">{t('teams.column')}</span>}
              {isAdmin && <span className="w-28">{t('team.boards.column')}</span>}
              <span className="w-28">{t('team.joined')}</span>
              {isAdmin && <span className={canRemove ? 'w-64' : 'w-56'} />}
            </div>
            <ul className="divide-y border-t lg:border-t-0" aria-label={t('team.membersTitle')}>
              {list.map((member) => {
                const isMe = member.userId === myId;
                const isOnlyAdmin = member.role === 'admin' && adminCount <= 1;
                return (
                  <li key={member.id} className="flex flex-wrap items-center gap-x-4 gap-y-3 px-5 py-3 transition-colors hover:bg-muted/40">
                    <div className="flex min-w-0 flex-1 basis-44 items-center gap-3">
                      <PersonAvatar name={member.displayName?.trim() || member.email} avatarUrl={member.avatarUrl} className="size-9" />
                      <div className="min-w-0">
                        <p className="flex items-center gap-1.5 font-medium">
                          <PersonNameLink href={personHref(member.userId)} className="truncate">
                            {nameOf(member)}
                          </PersonNameLink>
                          {isMe && <Badge variant="outline">{t('team.you')}</Badge>}
                          {!isAdmin && !member.onBoards && <Badge variant="secondary">{t('team.boards.notOnBoards')}</Badge>}
                        </p>
                        <p className="truncate text-xs text-muted-foreground">{member.email}</p>
                        <p className="text-xs text-muted-foreground lg:hidden">
                          {t('team.joinedOn', { date: formatDate(member.joinedAt, i18n.language) })}
                        </p>
                      </div>
                    </div>
                    <div className="lg:w-32">
                      <RoleBadge role={member.role} />
                    </div>
                    {hasTeams && (
                      <div className="w-full sm:w-auto lg:w-36">
                        <MemberTeamSelect member={member} name={nameOf(member)} teams={teams} canChange={isAdmin} />
                      </div>
                    )}
                    {isAdmin && (
                      <div className="w-full sm:w-auto lg:w-28">
                        <MemberBoardsSwitch member={member} name={nameOf(member)} />
                      </div>
                    )}
                    <p className="hidden w-28 text-sm whitespace-nowrap text-muted-foreground lg:block">
                      <span className="sr-only">{t('team.joined')}: </span>
                      {formatDate(member.joinedAt, i18n.language)}
                    </p>
                    {isAdmin && (
                      <div className={cn('ml-auto flex w-full items-center justify-end gap-2', canRemove ? 'lg:w-64' : 'lg:w-56')}>
                        {member.role === 'admin' ? (
                          isOnlyAdmin ? (
                            <p className="flex items-start gap-1.5 text-xs text-muted-foreground lg:text-right">
                              <InfoIcon className="mt-px size-3.5 shrink-0" aria-hidden />
                              {t('team.onlyAdmin')}
                            </p>
                          ) : (
                            <Button size="sm" variant="outline" onClick={() => setPending({ kind: 'demote', member })}>
                              <ShieldOffIcon /> {t('team.removeAdmin')}
                            </Button>
                          )
                        ) : (
                          <Button size="sm" variant="outline" onClick={() => setPending({ kind: 'promote', member })}>
                            <ShieldCheckIcon /> {t('team.makeAdmin')}
                          </Button>
                        )}
                        {canRemove && !isMe && !isOnlyAdmin && (
                          <Button
                            size="sm"
                            variant="ghost"
                            className="text-destructive hover:bg-destructive-soft hover:text-destructive"
                            onClick={() => setPending({ kind: 'remove', member })}
                            aria-label={t('team.removeMemberLabel', { name: nameOf(member) })}
                          >
                            <UserMinusIcon />
                            {t('team.remove')}
                          </Button>
                        )}
                        {canRemove && (
                          <MemberDataActions
                            member={member}
                            name={nameOf(member)}
                            company={me?.company?.name ?? ''}
                            canErase={!isMe && !isOnlyAdmin}
                          />
                        )}
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </CardContent>
      {pending && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(null)}
          title={
            pending.kind === 'demote' && pending.member.userId === myId
              ? t('team.confirm.demoteSelf.title')
              : t(`team.confirm.${pending.kind}.title`, { name: nameOf(pending.member) })
          }
          description={
            <Trans
              t={t}
              i18nKey={
                pending.kind === 'demote' && pending.member.userId === myId
                  ? 'team.confirm.demoteSelf.text'
                  : `team.confirm.${pending.kind}.text`
              }
              values={{ name: nameOf(pending.member), company: me?.company?.name ?? '' }}
              components={{ strong: <strong className="font-medium text-foreground" /> }}
            />
          }
          confirmLabel={t(`team.confirm.${pending.kind}.confirm`)}
          busyLabel={t('actions.saving')}
          isBusy={changeRole.isPending || remove.isPending}
          isDestructive={pending.kind !== 'promote'}
          onConfirm={() => void onConfirm()}
        />
      )}
    </Card>
  );
}

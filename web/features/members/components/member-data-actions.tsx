import type { TeamMember } from '@core/contracts';
import { DownloadIcon, EllipsisIcon, EraserIcon } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@web/components/ui/dropdown-menu';
import { toast } from '@web/components/ui/toaster';
import { useDownloadMemberData } from '../api/download-member-data';
import { useEraseMemberData } from '../api/erase-member-data';

type Props = {
  member: TeamMember;
  name: string;
  company: string;
  /** Erasing removes the member: not offered for yourself or the company's only admin (the server refuses too). */
  canErase: boolean;
};

/**
 * Administration, Users: a member's personal data (decision 022). Download it as JSON, or erase
 * it (their numbers stay under "Former member"). Each asks first; the server records both in
 * the audit log.
 */
export function MemberDataActions({ member, name, company, canErase }: Props) {
  const { t } = useTranslation('privacy');
  const download = useDownloadMemberData();
  const erase = useEraseMemberData();
  const [pending, setPending] = useState<'export' | 'erase' | null>(null);

  async function onConfirm() {
    try {
      if (pending === 'export') {
        await download.mutateAsync(member.userId);
        toast.success(t('member.exported'));
      } else {
        await erase.mutateAsync(member.userId);
        toast.success(t('member.erased'), { description: t('member.erasedText', { name }) });
      }
    } catch (error) {
      toast.error(t(pending === 'export' ? 'member.exportError' : 'member.eraseError'), {
        description: error instanceof Error ? error.message : undefined,
      });
    }
    setPending(null);
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="icon" variant="ghost" className="size-8" aria-label={t('member.actions', { name })}>
            <EllipsisIcon />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setPending('export')}>
            <DownloadIcon /> {t('member.export')}
          </DropdownMenuItem>
          {canErase && (
            <DropdownMenuItem
              onSelect={() => setPending('erase')}
              className="text-destructive focus:text-destructive [&_svg]:text-destructive"
            >
              <EraserIcon /> {t('member.erase')}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {pending && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(null)}
          title={t(pending === 'export' ? 'member.exportTitle' : 'member.eraseTitle', { name })}
          description={
            <Trans
              t={t}
              i18nKey={pending === 'export' ? 'member.exportText' : 'member.eraseText'}
              values={{ name, company }}
              components={{ strong: <strong className="font-medium text-foreground" /> }}
            />
          }
          confirmLabel={t(pending === 'export' ? 'member.exportConfirm' : 'member.eraseConfirm')}
          busyLabel={t(pending === 'export' ? 'member.exporting' : 'member.erasing')}
          isBusy={download.isPending || erase.isPending}
          isDestructive={pending === 'erase'}
          onConfirm={() => void onConfirm()}
        />
      )}
    </>
  );
}

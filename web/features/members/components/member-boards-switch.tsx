import type { TeamMember } from '@core/contracts';
import { useTranslation } from 'react-i18next';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toaster';
import { useSetMemberBoards } from '../api/set-member-boards';

/**
 * Whether a member is ranked on the boards (decision 081): admins switch it in the members list,
 * for a manager who does not sell. Everyone else reads "Not on the boards" beside the name.
 */
export function MemberBoardsSwitch({ member, name }: { member: TeamMember; name: string }) {
  const { t } = useTranslation('settings');
  const setBoards = useSetMemberBoards();
  const onChange = async (onBoards: boolean) => {
    try {
      await setBoards.mutateAsync({ userId: member.userId, onBoards });
      toast.success(t(onBoards ? 'team.boards.putOn' : 'team.boards.leftOff', { name }));
    } catch (error) {
      toast.error(t('team.boards.saveFailed'), { description: error instanceof Error ? error.message : undefined });
    }
  };
  // While saving, the switch shows the asked state (no flicker back until the list is read again).
  const checked = setBoards.isPending && setBoards.variables ? setBoards.variables.onBoards : member.onBoards;
  return (
    <label className="flex items-center gap-2 text-sm text-muted-foreground">
      <Switch
        checked={checked}
        disabled={setBoards.isPending}
        onCheckedChange={(value) => void onChange(value)}
        aria-label={t('team.boards.label', { name })}
      />
      <span className="lg:sr-only">{t('team.boards.short')}</span>
    </label>
  );
}

import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { useLogRules } from '../lib/use-log-rules';
import { LogForMemberDialog } from './log-for-member-dialog';

/** "Log for Eva": a manager logs an activity on a member's behalf from their page (decision 086). */
export function LogForMemberButton({ member, today }: { member: { userId: string; name: string }; today: string }) {
  const { t } = useTranslation('activity');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <PlusIcon /> {t('logFor.open', { name: member.name })}
      </Button>
      {open && <WithRules member={member} today={today} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The company's rules (which kinds it logs, what an outcome is worth), read once the dialog opens. */
function WithRules({ member, today, onClose }: { member: { userId: string; name: string }; today: string; onClose: () => void }) {
  const { rules } = useLogRules();
  return <LogForMemberDialog member={member} today={today} rules={rules} open onOpenChange={(isOpen) => !isOpen && onClose()} />;
}

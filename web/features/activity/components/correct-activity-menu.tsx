import type { Activity } from '@core/contracts';
import { EllipsisVerticalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@web/components/ui/dropdown-menu';
import { api } from '@web/lib/api';
import { useActivityToasts } from '../lib/toasts';
import { useLogRules } from '../lib/use-log-rules';
import { DeleteActivityDialog } from './delete-activity-dialog';
import { type CorrectionScope, EditActivityDialog } from './edit-activity-dialog';

/**
 * A manager's correction of someone's activity where it is listed outside My Activity (a person's
 * page; decisions 041 and 086): Edit (whose it is, what it was, its day and details) or Delete. A
 * list there carries what it shows, not the whole activity, so the activity is read when the
 * manager picks what to do.
 */
export function CorrectActivityMenu({ activityId, name, scope }: { activityId: string; name: string; scope: CorrectionScope }) {
  const { t } = useTranslation('activity');
  const { showError } = useActivityToasts();
  const [editing, setEditing] = useState<Activity | null>(null);
  const [deleting, setDeleting] = useState<Activity | null>(null);
  const [isReading, setIsReading] = useState(false);

  const open = async (then: (activity: Activity) => void) => {
    setIsReading(true);
    try {
      then(await api.GET('/api/v1/activities/{id}', { params: { path: { id: activityId } } }));
    } catch (error) {
      showError('list.correctLoadError', error);
    } finally {
      setIsReading(false);
    }
  };

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0 text-muted-foreground"
            aria-label={t('list.correct', { activity: name })}
            disabled={isReading}
          >
            <EllipsisVerticalIcon />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-40">
          <DropdownMenuItem onSelect={() => void open(setEditing)}>
            <PencilIcon /> {t('list.editShort')}
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => void open(setDeleting)}
            className="text-destructive focus:text-destructive [&_svg]:text-destructive"
          >
            <Trash2Icon /> {t('list.deleteShort')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {editing && <EditWithRules activity={editing} scope={scope} onClose={() => setEditing(null)} />}
      <DeleteActivityDialog activity={deleting} onOpenChange={(isOpen) => !isOpen && setDeleting(null)} />
    </>
  );
}

/** The edit dialog with the company's rules (the points of each outcome), read only once a correction starts. */
function EditWithRules({ activity, scope, onClose }: { activity: Activity; scope: CorrectionScope; onClose: () => void }) {
  const { rules } = useLogRules();
  return <EditActivityDialog activity={activity} onOpenChange={(isOpen) => !isOpen && onClose()} rules={rules} scope={scope} />;
}

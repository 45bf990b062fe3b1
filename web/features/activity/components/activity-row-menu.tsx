import { EllipsisVerticalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@web/components/ui/dropdown-menu';

/** A row's Edit and Delete in one menu, for a phone's narrow row (TodayActivities loads it when first pressed). */
export function ActivityRowMenu({
  label,
  onEdit,
  onDelete,
  defaultOpen,
}: {
  label: string;
  onEdit: () => void;
  onDelete: () => void;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation('activity');
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8 text-muted-foreground sm:hidden" aria-label={label}>
          <EllipsisVerticalIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-40">
        <DropdownMenuItem onSelect={onEdit}>
          <PencilIcon /> {t('list.editShort')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onDelete} className="text-destructive focus:text-destructive [&_svg]:text-destructive">
          <Trash2Icon /> {t('list.deleteShort')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import type { FeedItem, FeedReaction, ReactionEmoji } from '@core/contracts';
import { SmilePlusIcon } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/components/ui/toaster';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { cn } from '@web/lib/cn';
import { importOrReload } from '@web/lib/lazy-import';
import { formatMemberName } from '@web/lib/member-name';
import { useToggleReaction } from '@web/lib/queries/get-feed';
import { useOpenOnIntent } from '@web/lib/use-open-on-intent';

const loadPicker = () => importOrReload(() => import('./reaction-picker'));
const ReactionPicker = lazy(() => loadPicker().then((module) => ({ default: module.ReactionPicker })));

/**
 * A feed item's reactions (decision 051): one chip per emoji with its count, pressed when the
 * viewer is among the reactors (pressing takes theirs back), the names on hover and focus and in
 * the chip's label for screen readers, and a button that offers the small set of emojis.
 */
export function ReactionBar({ item }: { item: Pick<FeedItem, 'type' | 'id' | 'reactions'> }) {
  const { t } = useTranslation('scoreboard');
  const toggle = useToggleReaction();
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  // The picker (Radix's popover) loads when its button is pointed at, focused or pressed (decision
  // 085); pressed, it opens as soon as it has.
  const { opened, triggerProps } = useOpenOnIntent(loadPicker);
  const [shown, setShown] = useState(false);
  if (opened && !shown) {
    setShown(true);
    setIsPickerOpen(true);
  }
  const addButton = (props: ComponentProps<'button'>) => (
    <button
      {...props}
      type="button"
      aria-haspopup="dialog"
      aria-label={t('reactions.add')}
      title={t('reactions.add')}
      className="inline-flex h-6 items-center rounded-full px-1.5 text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      <SmilePlusIcon className="size-4" aria-hidden />
    </button>
  );

  const react = (emoji: ReactionEmoji) => {
    setIsPickerOpen(false);
    toggle.mutate({ itemType: item.type, itemId: item.id, emoji }, { onError: () => toast.error(t('reactions.failed')) });
  };

  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-1" data-testid="reactions">
      {item.reactions.map((reaction) => (
        <ReactionChip key={reaction.emoji} reaction={reaction} onToggle={() => react(reaction.emoji)} />
      ))}
      {shown ? (
        <Suspense fallback={addButton({})}>
          <ReactionPicker open={isPickerOpen} onOpenChange={setIsPickerOpen} onPick={react} trigger={addButton({})} />
        </Suspense>
      ) : (
        addButton({ ...triggerProps, 'aria-expanded': false })
      )}
    </div>
  );
}

function ReactionChip({ reaction, onToggle }: { reaction: FeedReaction; onToggle: () => void }) {
  const { t } = useTranslation('scoreboard');
  const names = reaction.people.map((person) => formatMemberName(person, t));
  const who = t('reactions.who', { emoji: t(`reactions.names.${reaction.emoji}`), names: names.join(', '), count: reaction.count });
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-pressed={reaction.reactedByMe}
          aria-label={who}
          onClick={onToggle}
          data-testid="reaction"
          className={cn(
            'inline-flex h-6 items-center gap-1 rounded-full border px-2 text-xs font-semibold tabular transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
            reaction.reactedByMe ? 'border-primary/40 bg-primary/10 text-primary' : 'bg-background text-muted-foreground hover:bg-muted',
          )}
        >
          <span aria-hidden className="text-sm leading-none">
            {reaction.emoji}
          </span>
          <span aria-hidden>{reaction.count}</span>
        </button>
      </TooltipTrigger>
      <TooltipContent>{who}</TooltipContent>
    </Tooltip>
  );
}

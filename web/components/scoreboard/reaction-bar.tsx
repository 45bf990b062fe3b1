import type { FeedItem, FeedReaction, ReactionEmoji } from '@core/contracts';
import { REACTION_EMOJIS } from '@core/contracts/constants';
import { SmilePlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { toast } from '@web/components/ui/toaster';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { cn } from '@web/lib/cn';
import { formatMemberName } from '@web/lib/member-name';
import { useToggleReaction } from '@web/lib/queries/get-feed';

/**
 * A feed item's reactions (decision 051): one chip per emoji with its count, pressed when the
 * viewer is among the reactors (pressing takes theirs back), the names on hover and focus and in
 * the chip's label for screen readers, and a button that offers the small set of emojis.
 */
export function ReactionBar({ item }: { item: Pick<FeedItem, 'type' | 'id' | 'reactions'> }) {
  const { t } = useTranslation('scoreboard');
  const toggle = useToggleReaction();
  const [isPickerOpen, setIsPickerOpen] = useState(false);

  const react = (emoji: ReactionEmoji) => {
    setIsPickerOpen(false);
    toggle.mutate({ itemType: item.type, itemId: item.id, emoji }, { onError: () => toast.error(t('reactions.failed')) });
  };

  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-1" data-testid="reactions">
      {item.reactions.map((reaction) => (
        <ReactionChip key={reaction.emoji} reaction={reaction} onToggle={() => react(reaction.emoji)} />
      ))}
      <Popover open={isPickerOpen} onOpenChange={setIsPickerOpen}>
        <PopoverTrigger asChild>
          <button
            type="button"
            aria-label={t('reactions.add')}
            title={t('reactions.add')}
            className="inline-flex h-6 items-center rounded-full px-1.5 text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <SmilePlusIcon className="size-4" aria-hidden />
          </button>
        </PopoverTrigger>
        <PopoverContent className="w-auto p-1" aria-label={t('reactions.pick')}>
          <div role="group" aria-label={t('reactions.pick')} className="flex gap-0.5">
            {REACTION_EMOJIS.map((emoji) => (
              <button
                key={emoji}
                type="button"
                aria-label={t(`reactions.names.${emoji}`)}
                title={t(`reactions.names.${emoji}`)}
                onClick={() => react(emoji)}
                className="flex size-9 items-center justify-center rounded-md text-xl transition-transform outline-none hover:scale-110 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring motion-reduce:transition-none motion-reduce:hover:scale-100"
              >
                {emoji}
              </button>
            ))}
          </div>
        </PopoverContent>
      </Popover>
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

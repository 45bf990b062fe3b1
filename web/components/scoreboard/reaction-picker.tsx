import type { ReactionEmoji } from '@core/contracts';
import { REACTION_EMOJIS } from '@core/contracts/constants';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';

/** The small set of emojis to react with, in a popover on the reaction bar's button (reaction-bar.tsx loads it). */
export function ReactionPicker({
  open,
  onOpenChange,
  onPick,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (emoji: ReactionEmoji) => void;
  trigger: ReactElement;
}) {
  const { t } = useTranslation('scoreboard');
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent className="w-auto p-1" aria-label={t('reactions.pick')}>
        <div role="group" aria-label={t('reactions.pick')} className="flex gap-0.5">
          {REACTION_EMOJIS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              aria-label={t(`reactions.names.${emoji}`)}
              title={t(`reactions.names.${emoji}`)}
              onClick={() => onPick(emoji)}
              className="flex size-9 items-center justify-center rounded-md text-xl transition-transform outline-none hover:scale-110 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring motion-reduce:transition-none motion-reduce:hover:scale-100"
            >
              {emoji}
            </button>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  );
}

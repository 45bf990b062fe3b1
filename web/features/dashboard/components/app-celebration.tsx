import { APP_CELEBRATION_RULES, type CelebrationCard } from '@core/celebrations';
import { useMemo } from 'react';
import {
  type CelebratedItem,
  useCelebrationQueue,
  useLandedCelebrations,
  toCelebratedItem,
  usePrefersReducedMotion,
} from '@web/lib/celebrations';
import { findCelebrationLook } from '@web/components/celebration-looks';
import { cn } from '@web/lib/cn';
import { useCelebrationCardWords } from '@web/lib/celebration-card-words';
import { useCompanyFormat } from '@web/lib/format';
import { useCelebrationSettings } from '@web/lib/queries/get-celebration-settings';
import { useFeed } from '@web/lib/queries/get-feed';

/**
 * The app's lighter celebration (decision 051): what the company celebrates, as a small card in a
 * corner of the dashboard for a few seconds (the app's rules: core/celebrations), never covering
 * the work; still for a viewer who asked for less motion. The wall TV has the big one.
 */
export function AppCelebration({ teamId }: { teamId: string | undefined }) {
  const settings = useCelebrationSettings();
  const feed = useFeed({ teamId });
  const items = useMemo(
    (): CelebratedItem[] | undefined => feed.data?.items.map((item) => toCelebratedItem(item, settings.data)),
    [feed.data, settings.data],
  );
  const queue = useCelebrationQueue(APP_CELEBRATION_RULES);
  useLandedCelebrations(settings.data, items, queue.enqueue);
  const reducedMotion = usePrefersReducedMotion();

  const card = queue.current;
  const look = card ? findCelebrationLook(card) : null;
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed right-4 bottom-4 z-40 sm:right-6 sm:bottom-6">
      {card && look && (
        <div
          key={card.id}
          data-testid="app-celebration"
          className={cn(
            'flex max-w-sm items-center gap-3 rounded-xl border bg-card p-3 pr-5 text-card-foreground shadow-lg',
            !reducedMotion && 'animate-pop',
          )}
        >
          <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', look.app)}>
            <look.icon className="size-5" aria-hidden />
          </span>
          <CardWords card={card} />
        </div>
      )}
    </div>
  );
}

function CardWords({ card }: { card: CelebrationCard }) {
  const { currency } = useCompanyFormat();
  const { title, text, amount, note } = useCelebrationCardWords(card, currency);
  return (
    <span className="min-w-0">
      <span className="block text-sm font-semibold">
        {title}
        {amount && <span className="ml-1.5 tabular">{amount}</span>}
      </span>
      <span className="block truncate text-sm text-muted-foreground">
        {text}
        {note && ` · ${note}`}
      </span>
    </span>
  );
}

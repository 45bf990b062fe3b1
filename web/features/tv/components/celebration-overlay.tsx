import type { CelebrationCard } from '@core/celebrations';
import type { CelebrationStyle } from '@core/contracts';
import { VolumeXIcon } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { findCelebrationLook } from '@web/components/celebration-looks';
import { cn } from '@web/lib/cn';
import { useCelebrationCardWords } from '@web/lib/celebration-card-words';
import { formatMemberName } from '@web/lib/member-name';
import type { ChimeKind } from '../lib/chime';
import { type ReactionBubble, useTvCelebrations } from '../lib/use-tv-celebrations';

const CONFETTI_PIECES = 48;
const CONFETTI_COLOURS = [
  'var(--color-gold)',
  'var(--color-success)',
  'var(--color-primary)',
  'var(--color-bronze)',
  'var(--color-silver)',
  'oklch(0.7 0.19 10)',
];

/** Falling paper, drawn with the Web Animations API (no CSS file, no library); skipped for reduced motion. */
function Confetti() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current;
    if (!container || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const animations: Animation[] = [];
    container.querySelectorAll<HTMLElement>('[data-piece]').forEach((piece, i) => {
      if (typeof piece.animate !== 'function') return;
      const drift = ((i * 37) % 21) - 10;
      const spin = 360 + ((i * 53) % 540);
      animations.push(
        piece.animate(
          [
            { transform: 'translate3d(0, -10vh, 0) rotate(0deg)', opacity: 1 },
            { transform: `translate3d(${drift}vw, 110vh, 0) rotate(${spin}deg)`, opacity: 0.9 },
          ],
          { duration: 2600 + ((i * 97) % 1600), delay: (i * 41) % 700, easing: 'cubic-bezier(0.25, 0.5, 0.5, 1)', fill: 'both' },
        ),
      );
    });
    return () => animations.forEach((a) => a.cancel());
  }, []);
  return (
    <div ref={ref} aria-hidden className="pointer-events-none absolute inset-0 overflow-hidden">
      {Array.from({ length: CONFETTI_PIECES }, (_, i) => (
        <span
          key={i}
          data-piece
          className="absolute top-0 block rounded-[2px]"
          style={{
            left: `${(i * 61) % 100}%`,
            width: `${0.6 + ((i * 7) % 5) * 0.15}vh`,
            height: `${1.1 + ((i * 11) % 4) * 0.25}vh`,
            background: CONFETTI_COLOURS[i % CONFETTI_COLOURS.length],
            transform: 'translate3d(0, -10vh, 0)',
          }}
        />
      ))}
    </div>
  );
}

/**
 * The wall's celebrations for a TV screen (decision 051): reads what the company celebrates (a
 * display link with its token, a signed-in wall as the member), tells the screen whether the company
 * wants sound, chimes each card and draws the overlay.
 */
export function TvCelebrations({
  displayToken,
  currency,
  play,
  isSoundBlocked,
  onCompanySound,
}: {
  displayToken: string | undefined;
  /** The company's currency, for a sale's amount. */
  currency: string;
  play: (kind: ChimeKind) => void;
  isSoundBlocked: boolean;
  onCompanySound: (sound: boolean) => void;
}) {
  const celebrations = useTvCelebrations(
    displayToken,
    useCallback((card: CelebrationCard) => play(card.kind), [play]),
  );
  const { sound, ...overlay } = celebrations;
  useEffect(() => onCompanySound(sound), [onCompanySound, sound]);
  return <CelebrationOverlay {...overlay} currency={currency} isSoundBlocked={isSoundBlocked} />;
}

/** The names of the contests a burst of starts is about. */
/**
 * The wall's celebrations (decision 051): the current card in the company's style (confetti over
 * the board, a spotlight on the person, or a calm banner that leaves the board in view; the banner
 * without movement for a viewer who asked for less motion), the reactions floating up from the
 * floor, and a note when the company wants sound but the browser still waits for a tap.
 */
export function CelebrationOverlay({
  card,
  style,
  reducedMotion,
  bubbles,
  currency,
  isSoundBlocked,
}: {
  card: CelebrationCard | null;
  /** The company's currency, for a sale's amount. */
  currency?: string;
  style: CelebrationStyle;
  reducedMotion: boolean;
  bubbles: readonly ReactionBubble[];
  isSoundBlocked: boolean;
}) {
  const { t } = useTranslation('scoreboard');
  return (
    <>
      <div role="status" aria-live="polite" className="pointer-events-none fixed inset-0 z-40">
        {card &&
          (style === 'banner' ? (
            <BannerCard card={card} currency={currency} reducedMotion={reducedMotion} />
          ) : (
            <TakeoverCard card={card} currency={currency} style={style} />
          ))}
      </div>
      <div
        role="status"
        aria-live="polite"
        aria-label={t('tv.reactions.label')}
        className="pointer-events-none fixed right-[3vw] bottom-[8vh] z-30 flex flex-col items-end gap-[1vh]"
      >
        {bubbles.map((bubble) => (
          <p
            key={bubble.key}
            data-testid="tv-reaction"
            className={cn(
              'flex items-center gap-[0.8vw] rounded-full bg-white/12 py-[0.8vh] pr-[1.4vw] pl-[0.8vw] text-[2.4vh] font-semibold text-white shadow-lg ring-1 ring-white/20 backdrop-blur',
              !reducedMotion && 'animate-pop',
            )}
          >
            <span aria-hidden className="text-[3.4vh] leading-none">
              {bubble.emoji}
            </span>
            <span className="tabular">{bubble.count}</span>
            <span className="text-sidebar-muted">
              {t('tv.reactions.for', { name: formatMemberName({ ...bubble, userId: bubble.userId ?? '' }, t) })}
            </span>
            <span className="sr-only">{t(`reactions.names.${bubble.emoji}`)}</span>
          </p>
        ))}
      </div>
      {isSoundBlocked && (
        <p className="pointer-events-none fixed bottom-[8vh] left-[3vw] z-30 flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-[1.9vh] text-sidebar-muted ring-1 ring-white/15">
          <VolumeXIcon className="size-[2.2vh]" aria-hidden /> {t('tv.soundBlocked')}
        </p>
      )}
    </>
  );
}

// The cards' sizes follow the screen's shorter side (vmin): a portrait wall or a phone gets the
// same proportions as a landscape TV, not words sized by its height.
function TakeoverCard({ card, currency, style }: { card: CelebrationCard; currency?: string; style: 'confetti' | 'spotlight' }) {
  const { title, text, amount, note } = useCelebrationCardWords(card, currency);
  const look = findCelebrationLook(card);
  return (
    <div
      key={card.id}
      data-style={style}
      className={cn(
        'absolute inset-0 flex animate-fade-in items-center justify-center',
        style === 'confetti'
          ? 'bg-[oklch(0.15_0.04_258/0.55)]'
          : 'bg-[radial-gradient(circle_at_50%_45%,oklch(0.32_0.06_258/0.2)_0%,oklch(0.12_0.03_258/0.92)_55%)]',
      )}
    >
      {style === 'confetti' && <Confetti />}
      <div
        data-testid="celebration"
        className={cn(
          'relative flex max-w-[80vw] animate-pop flex-col items-center gap-[1.5vmin] px-[6vw] py-[5vmin] text-center',
          style === 'confetti'
            ? 'rounded-[3vmin] bg-card text-card-foreground shadow-2xl'
            : 'text-white [text-shadow:0_0.4vh_2vh_oklch(0_0_0/0.5)]',
        )}
      >
        <span
          className={cn(
            'flex size-[12vmin] items-center justify-center rounded-full',
            look.wall,
            style === 'spotlight' && 'size-[16vmin] shadow-[0_0_8vh_2vh_oklch(0.85_0.15_85/0.45)] ring-[0.6vmin] ring-gold/70',
          )}
        >
          <look.icon className={cn(style === 'spotlight' ? 'size-[8vmin]' : 'size-[6.5vmin]')} aria-hidden />
        </span>
        <p className={cn('leading-none font-extrabold tracking-tight', style === 'spotlight' ? 'text-[8vmin] text-gold' : 'text-[6vmin]')}>
          {title}
        </p>
        {amount && (
          <p
            data-testid="celebration-amount"
            className={cn(
              'leading-none font-extrabold tracking-tight tabular',
              style === 'spotlight' ? 'text-[7vmin] text-white' : 'text-[6.5vmin] text-[oklch(0.55_0.13_75)]',
            )}
          >
            {amount}
          </p>
        )}
        <p className={cn('font-medium', style === 'spotlight' ? 'text-[4.4vmin]' : 'text-[3.6vmin] text-muted-foreground')}>{text}</p>
        {note && (
          <p
            data-testid="celebration-note"
            className={cn('font-semibold', style === 'spotlight' ? 'text-[3.4vmin] text-gold' : 'text-[3vmin]')}
          >
            {note}
          </p>
        )}
      </div>
    </div>
  );
}

function BannerCard({ card, currency, reducedMotion }: { card: CelebrationCard; currency?: string; reducedMotion: boolean }) {
  const { title, text, amount, note } = useCelebrationCardWords(card, currency);
  const look = findCelebrationLook(card);
  return (
    <div className="absolute inset-x-[3vw] bottom-[8vmin] flex justify-center">
      <div
        key={card.id}
        data-testid="celebration"
        data-style="banner"
        className={cn(
          'flex max-w-full items-center gap-[2vw] rounded-[2.4vmin] bg-card px-[3vw] py-[2.2vmin] text-card-foreground shadow-2xl ring-1 ring-black/5',
          !reducedMotion && 'animate-fade-in',
        )}
      >
        <span className={cn('flex size-[8vmin] shrink-0 items-center justify-center rounded-full', look.wall)}>
          <look.icon className="size-[4.4vmin]" aria-hidden />
        </span>
        <span className="min-w-0">
          <span className="block text-[4.2vmin] leading-tight font-extrabold tracking-tight">
            {title}
            {amount && (
              <span data-testid="celebration-amount" className="ml-[1.2vw] tabular text-[oklch(0.55_0.13_75)]">
                {amount}
              </span>
            )}
          </span>
          <span className="block truncate text-[2.8vmin] font-medium text-muted-foreground">
            {text}
            {note && <span data-testid="celebration-note"> · {note}</span>}
          </span>
        </span>
      </div>
    </div>
  );
}

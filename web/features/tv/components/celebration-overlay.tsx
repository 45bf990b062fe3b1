import { CalendarCheckIcon, PartyPopperIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import { formatMemberName } from '@web/lib/member-name';
import type { Celebration } from '../lib/use-celebrations';

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

/** The wall's short party: who closed a sale or booked a meeting, with confetti. */
export function CelebrationOverlay({ celebration }: { celebration: Celebration | null }) {
  const { t } = useTranslation('scoreboard');
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center">
      {celebration && (
        <div
          key={celebration.id}
          className="absolute inset-0 flex items-center justify-center bg-[oklch(0.15_0.04_258/0.55)] animate-fade-in"
        >
          <Confetti />
          <div
            data-testid="celebration"
            className="relative flex animate-pop flex-col items-center gap-[1.5vh] rounded-[3vh] bg-card px-[6vw] py-[5vh] text-center text-card-foreground shadow-2xl"
          >
            <span
              className={cn(
                'flex size-[12vh] items-center justify-center rounded-full',
                celebration.kind === 'sale' ? 'bg-gold text-[oklch(0.3_0.07_80)]' : 'bg-success text-white',
              )}
            >
              {celebration.kind === 'sale' ? (
                <PartyPopperIcon className="size-[6.5vh]" aria-hidden />
              ) : (
                <CalendarCheckIcon className="size-[6.5vh]" aria-hidden />
              )}
            </span>
            <p className="text-[6vh] leading-none font-extrabold tracking-tight">
              {celebration.kind === 'sale' ? t('tv.celebrate.saleTitle') : t('tv.celebrate.meetingTitle')}
            </p>
            <p className="text-[3.6vh] font-medium text-muted-foreground">
              {t(celebration.kind === 'sale' ? 'tv.celebrate.saleText' : 'tv.celebrate.meetingText', {
                name: formatMemberName(celebration, t),
              })}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}

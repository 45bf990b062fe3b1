import type { CelebrationStyle } from '@core/contracts';
import { PartyPopperIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';

const BOARD = [92, 78, 64, 51, 40];
const PIECES = 18;

/**
 * A small wall screen showing how a sale's celebration looks in a style: the board, and over it the
 * confetti card, the spotlight or the calm banner. `isPlaying` shows the celebration; otherwise the
 * board alone, as the wall shows between celebrations.
 */
export function CelebrationPreview({
  style,
  isPlaying,
  reducedMotion,
}: {
  style: CelebrationStyle;
  isPlaying: boolean;
  reducedMotion: boolean;
}) {
  const { t } = useTranslation('settings');
  return (
    <div
      data-testid="celebration-preview"
      data-style={style}
      className="relative aspect-video w-full overflow-hidden rounded-xl bg-sidebar p-[4%] text-white shadow-inner ring-1 ring-black/10"
    >
      <p className="text-[clamp(0.6rem,2.4cqw,0.9rem)] font-bold">{t('celebrations.preview.board')}</p>
      <ol className="mt-[3%] flex flex-col gap-[3%]" aria-hidden>
        {BOARD.map((width, i) => (
          <li key={i} className="flex h-3 items-center gap-2 rounded bg-white/8 px-2 sm:h-4">
            <span
              className={cn('size-2 rounded-full', i === 0 ? 'bg-gold' : i === 1 ? 'bg-silver' : i === 2 ? 'bg-bronze' : 'bg-white/30')}
            />
            <span className="h-1.5 rounded-full bg-white/40" style={{ width: `${width / 2}%` }} />
          </li>
        ))}
      </ol>
      {isPlaying && (
        <div aria-hidden className="absolute inset-0">
          {style === 'banner' ? (
            <div className="absolute inset-x-[6%] bottom-[8%] flex items-center gap-2 rounded-lg bg-card px-3 py-2 text-card-foreground shadow-xl">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-gold text-[oklch(0.3_0.07_80)]">
                <PartyPopperIcon className="size-3.5" />
              </span>
              <span className="truncate text-xs font-bold">{t('celebrations.preview.title')}</span>
            </div>
          ) : (
            <div
              className={cn(
                'absolute inset-0 flex items-center justify-center',
                !reducedMotion && 'animate-fade-in',
                style === 'confetti'
                  ? 'bg-[oklch(0.15_0.04_258/0.55)]'
                  : 'bg-[radial-gradient(circle_at_50%_45%,oklch(0.32_0.06_258/0.2)_0%,oklch(0.12_0.03_258/0.92)_55%)]',
              )}
            >
              {style === 'confetti' &&
                Array.from({ length: PIECES }, (_, i) => (
                  <span
                    key={i}
                    className={cn('absolute top-0 block size-1.5 rounded-[1px]', !reducedMotion && 'animate-confetti-fall')}
                    style={{
                      left: `${(i * 37) % 100}%`,
                      top: `${(i * 53) % 90}%`,
                      animationDelay: `${(i * 131) % 900}ms`,
                      background: ['var(--color-gold)', 'var(--color-success)', 'var(--color-primary)', 'var(--color-bronze)'][i % 4],
                    }}
                  />
                ))}
              <div
                className={cn(
                  'relative flex flex-col items-center gap-1 px-4 py-3 text-center',
                  !reducedMotion && 'animate-pop',
                  style === 'confetti' ? 'rounded-lg bg-card text-card-foreground shadow-xl' : 'text-white',
                )}
              >
                <span
                  className={cn(
                    'flex size-8 items-center justify-center rounded-full bg-gold text-[oklch(0.3_0.07_80)]',
                    style === 'spotlight' && 'shadow-[0_0_1.5rem_0.4rem_oklch(0.85_0.15_85/0.45)]',
                  )}
                >
                  <PartyPopperIcon className="size-4" />
                </span>
                <span className={cn('text-sm font-extrabold', style === 'spotlight' && 'text-gold')}>
                  {t('celebrations.preview.title')}
                </span>
                <span className={cn('text-[0.65rem]', style === 'confetti' ? 'text-muted-foreground' : 'text-white/80')}>
                  {t('celebrations.preview.text')}
                </span>
              </div>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

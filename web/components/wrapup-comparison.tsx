import type { WrapupDifference } from '@core/coaching';
import { CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import { useCompanyFormat } from '@web/lib/format';

/**
 * A wrap-up's typed numbers beside what the log says, where they differ (decision 045): the rep
 * sees it in the form before saving, a lead when reading. Saving is never blocked by it: the report
 * may be right and the log incomplete, or the other way round; the point is that nobody misses it.
 */
export function WrapupComparison({
  differences,
  perspective,
  className,
}: {
  differences: readonly WrapupDifference[];
  /** 'author': the rep's own form ("You typed"); 'reader': a lead reading it ("Typed"). */
  perspective: 'author' | 'reader';
  className?: string;
}) {
  const { t } = useTranslation();
  const format = useCompanyFormat();
  const titleId = useId();

  if (differences.length === 0) {
    if (perspective === 'author') return null;
    return (
      <p className={cn('flex items-center gap-2 text-sm text-muted-foreground', className)}>
        <CircleCheckIcon className="size-4 text-success" aria-hidden />
        {t('wrapupComparison.matches')}
      </p>
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      className={cn('rounded-lg border border-warning/40 bg-warning-soft px-4 py-3 text-sm text-warning-strong', className)}
    >
      <h3 id={titleId} className="flex items-center gap-2 font-medium">
        <TriangleAlertIcon className="size-4 shrink-0" aria-hidden />
        {t(`wrapupComparison.${perspective}.title`)}
      </h3>
      <p className="mt-0.5 text-xs opacity-90">{t(`wrapupComparison.${perspective}.description`)}</p>
      <table className="mt-2 w-full max-w-sm text-sm">
        <thead>
          <tr className="text-left text-xs">
            <th scope="col" className="py-1 pr-3 font-medium">
              <span className="sr-only">{t('wrapupComparison.number')}</span>
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t(`wrapupComparison.${perspective}.typed`)}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('wrapupComparison.logged')}
            </th>
          </tr>
        </thead>
        <tbody>
          {differences.map((difference) => (
            <tr key={difference.metric} className="border-t border-warning/30">
              <th scope="row" className="py-1 pr-3 text-left font-medium">
                {t(`wrapupComparison.metrics.${difference.metric}`)}
              </th>
              <td className="tabular py-1 pr-3 text-right font-semibold">{format.number(difference.typed)}</td>
              <td className="tabular py-1 text-right">{format.number(difference.logged)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

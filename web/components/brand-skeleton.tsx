import { useTranslation } from 'react-i18next';
import { LogoMark } from './logo';

/** The branded placeholder while auth loads (protected routes show it). */
export function BrandSkeleton({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background" role="status" aria-live="polite">
      <LogoMark className="size-12 animate-pulse" />
      <div className="h-1 w-32 overflow-hidden rounded-full bg-muted">
        <div className="h-full w-1/3 animate-[fade-in_1s_ease-in-out_infinite_alternate] rounded-full bg-primary" />
      </div>
      <span className="text-sm text-muted-foreground">{label ?? t('status.loading')}</span>
    </div>
  );
}

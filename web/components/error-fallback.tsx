import { AlertTriangleIcon, ChevronDownIcon, RefreshCwIcon, RotateCcwIcon } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError, pageReload } from '@web/lib/lazy-import';
import { Button } from './ui/button';

/**
 * The error fallback screen: title, text, collapsible details, Refresh Page and Try Again.
 * When the screen's code could not be fetched (the app was redeployed while the tab was open, or
 * the connection dropped) and the automatic reload did not help, it says so and offers Reload.
 */
export function ErrorFallback({ error, onReset }: { error: unknown; onReset: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const message = error instanceof Error ? error.message : String(error);
  const isChunk = isChunkLoadError(error);
  return (
    <div className="flex min-h-[60dvh] items-center justify-center p-6">
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-card">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive">
          <AlertTriangleIcon className="size-6" aria-hidden />
        </div>
        <h1 className="text-xl font-semibold">{isChunk ? t('errorFallback.chunkTitle') : t('errorFallback.title')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{isChunk ? t('errorFallback.chunkText') : t('errorFallback.text')}</p>
        <div className="mt-4 text-left">
          <button
            type="button"
            className="flex w-full items-center justify-between rounded-md px-2 py-1.5 text-sm font-medium hover:bg-muted"
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
          >
            {t('errorFallback.details')}
            <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
          </button>
          {open && <pre className="mt-2 max-h-40 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap">{message}</pre>}
        </div>
        <div className="mt-6 flex justify-center gap-2">
          {isChunk ? (
            <Button onClick={() => pageReload.reload()}>
              <RefreshCwIcon /> {t('errorFallback.reload')}
            </Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => pageReload.reload()}>
                <RefreshCwIcon /> {t('errorFallback.refresh')}
              </Button>
              <Button onClick={onReset}>
                <RotateCcwIcon /> {t('errorFallback.tryAgain')}
              </Button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

type BoundaryState = { error: unknown };

/** Catches rendering errors below it; 'Try Again' clears the error and renders the children again. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[ui] rendering failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (this.state.error) return <ErrorFallback error={this.state.error} onReset={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}

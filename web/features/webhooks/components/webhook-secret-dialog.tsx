import type { WebhookEndpointWithSecret } from '@core/contracts';
import { BookOpenIcon, CheckIcon, CopyIcon, ExternalLinkIcon, ShieldAlertIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { copyText } from '@web/lib/clipboard';
import { paths } from '@web/lib/paths';

export type RevealedSecret = { endpoint: WebhookEndpointWithSecret; reason: 'created' | 'rotated' };

/**
 * The signing secret, right after an endpoint is added or its secret rotated: Copy, a warning that
 * the screen does not show it again, and how a receiver verifies deliveries (Standard Webhooks).
 * A stray click beside the dialog does not close it (the secret would be gone); Done or Escape do.
 */
export function WebhookSecretDialog({ revealed, onClose }: { revealed: RevealedSecret | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const [isCopied, setCopied] = useState(false);
  const [copyError, setCopyError] = useState<string | null>(null);
  const id = useId();
  const secret = revealed?.endpoint.secret ?? '';

  const close = () => {
    setCopied(false);
    setCopyError(null);
    onClose();
  };

  async function onCopy() {
    try {
      await copyText(secret);
      setCopied(true);
      setCopyError(null);
    } catch {
      // No clipboard (permission refused, an old browser): select the text for a manual copy.
      (document.getElementById(`${id}-secret`) as HTMLInputElement | null)?.select();
      setCopyError(t('secret.copyFailed'));
    }
  }

  return (
    <Dialog open={revealed !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-[92dvh] max-w-xl overflow-y-auto" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{revealed?.reason === 'rotated' ? t('secret.rotatedTitle') : t('secret.createdTitle')}</DialogTitle>
          <DialogDescription className="break-all">{t('secret.text', { url: revealed?.endpoint.url ?? '' })}</DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <Label htmlFor={`${id}-secret`}>{t('secret.label')}</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-secret`}
              readOnly
              value={secret}
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
              aria-describedby={copyError ? `${id}-copy-error` : undefined}
              data-testid="webhook-secret"
            />
            <Button type="button" variant={isCopied ? 'success' : 'default'} onClick={() => void onCopy()} aria-live="polite">
              {isCopied ? <CheckIcon /> : <CopyIcon />}
              {isCopied ? t('secret.copied') : t('secret.copy')}
            </Button>
          </div>
          <FieldError id={`${id}-copy-error`}>{copyError}</FieldError>
        </div>
        <Alert variant="warning">
          <ShieldAlertIcon />
          <AlertTitle>{t('secret.warningTitle')}</AlertTitle>
          <AlertDescription>{t('secret.warning')}</AlertDescription>
        </Alert>
        <div className="space-y-2 rounded-lg border bg-muted/40 p-4 text-sm">
          <p className="flex items-center gap-2 font-medium">
            <BookOpenIcon className="size-4 text-primary" aria-hidden /> {t('secret.verifyTitle')}
          </p>
          <p className="text-muted-foreground">{t('secret.verify')}</p>
          <p className="flex flex-wrap gap-x-4 gap-y-1">
            <a
              href={paths.apiDocs}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('secret.docs')} <ExternalLinkIcon className="size-3" aria-hidden />
            </a>
            <a
              href={paths.publicPage('api')}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('secret.apiPage')} <ExternalLinkIcon className="size-3" aria-hidden />
            </a>
          </p>
        </div>
        <DialogFooter>
          <Button type="button" onClick={close}>
            {t('secret.done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

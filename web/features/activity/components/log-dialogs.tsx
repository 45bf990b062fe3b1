import { useEffect } from 'react';
import { toast } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import type { LogRules } from '../lib/use-log-rules';
import type { LogKind } from '../lib/use-log-dialog-param';
import { LogCallDialog } from './log-call-dialog';
import { LogSaleDialog } from './log-sale-dialog';
import { LogTouchDialog, type TouchKind } from './log-touch-dialog';

/** The log dialogs, at most one open: the one `kind` names (the URL's ?log=). */
export function LogDialogs({ kind, rules, onClose }: { kind: LogKind | null; rules: LogRules | undefined; onClose: () => void }) {
  const onOpenChange = (open: boolean) => !open && onClose();
  // A link (?log=email) opens a held-meeting, e-mail or LinkedIn dialog only while its rule is on.
  const touchKind: TouchKind | null =
    (kind === 'meeting' || kind === 'email' || kind === 'linkedin') && rules?.enabledKinds[kind] ? kind : null;
  // A shortcut or the palette asked for a kind the company does not log: say so, rather than nothing.
  const refused = (kind === 'meeting' || kind === 'email' || kind === 'linkedin') && rules !== undefined && !rules.enabledKinds[kind];
  useEffect(() => {
    if (!refused) return;
    // i18n.t, not a useTranslation subscription: the dialogs below re-render on their own.
    const t = i18n.getFixedT(null, 'activity');
    toast.info(t('logOff', { kind: t(`quickLog.${kind}`) }));
    onClose();
  }, [refused, kind, onClose]);
  return (
    <>
      <LogCallDialog open={kind === 'call'} onOpenChange={onOpenChange} rules={rules} />
      <LogSaleDialog open={kind === 'sale'} onOpenChange={onOpenChange} />
      <LogTouchDialog kind={touchKind} onOpenChange={onOpenChange} />
    </>
  );
}

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
  return (
    <>
      <LogCallDialog open={kind === 'call'} onOpenChange={onOpenChange} rules={rules} />
      <LogSaleDialog open={kind === 'sale'} onOpenChange={onOpenChange} />
      <LogTouchDialog kind={touchKind} onOpenChange={onOpenChange} />
    </>
  );
}

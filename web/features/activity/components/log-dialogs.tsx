import { lazy, Suspense, useEffect, useState } from 'react';
import { DialogLoading } from '@web/components/dialog-loading';
import { toast } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { importOrReload } from '@web/lib/lazy-import';
import type { LogRules } from '../lib/use-log-rules';
import type { LogKind } from '../lib/use-log-dialog-param';
import type { TouchKind } from './log-touch-dialog';

// Each form's code (react-hook-form, the schemas, zod) loads when its dialog is first opened, not
// with My Activity (decision 085). The service worker installs them with the screen (they are
// not routes), so they open offline too.
const LogCallDialog = lazy(() => importOrReload(() => import('./log-call-dialog')).then((module) => ({ default: module.LogCallDialog })));
const LogSaleDialog = lazy(() => importOrReload(() => import('./log-sale-dialog')).then((module) => ({ default: module.LogSaleDialog })));
const LogCustomDialog = lazy(() =>
  importOrReload(() => import('./log-custom-dialog')).then((module) => ({ default: module.LogCustomDialog })),
);
const LogTouchDialog = lazy(() =>
  importOrReload(() => import('./log-touch-dialog')).then((module) => ({ default: module.LogTouchDialog })),
);

type Mounted = { call: boolean; sale: boolean; touch: boolean; custom: boolean };

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
  // A dialog is mounted from its first opening on, so that it closes with its animation.
  const [mounted, setMounted] = useState<Mounted>({ call: false, sale: false, touch: false, custom: false });
  // One of the company's own types (decision 100): ?log=type:<id>.
  const customTypeId = kind?.startsWith('type:') ? kind.slice('type:'.length) : null;
  const wanted: Mounted = { call: kind === 'call', sale: kind === 'sale', touch: touchKind !== null, custom: customTypeId !== null };
  if ((Object.keys(wanted) as (keyof Mounted)[]).some((key) => wanted[key] && !mounted[key])) {
    setMounted({
      call: mounted.call || wanted.call,
      sale: mounted.sale || wanted.sale,
      touch: mounted.touch || wanted.touch,
      custom: mounted.custom || wanted.custom,
    });
  }
  return (
    <Suspense fallback={<DialogLoading />}>
      {mounted.call && <LogCallDialog open={kind === 'call'} onOpenChange={onOpenChange} rules={rules} />}
      {mounted.sale && <LogSaleDialog open={kind === 'sale'} onOpenChange={onOpenChange} />}
      {mounted.touch && <LogTouchDialog kind={touchKind} onOpenChange={onOpenChange} />}
      {mounted.custom && <LogCustomDialog typeId={customTypeId} onOpenChange={onOpenChange} />}
    </Suspense>
  );
}

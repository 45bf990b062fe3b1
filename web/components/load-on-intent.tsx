import { type ReactElement, type ReactNode, Suspense } from 'react';
import { useOpenOnIntent } from '@web/lib/use-open-on-intent';

type TriggerProps = ReturnType<typeof useOpenOnIntent>['triggerProps'];

/**
 * A menu whose code loads on demand (decisions 026 and 085): `trigger` draws the look-alike button
 * with the props that start the download when it is pointed at or focused and ask for the menu
 * when it is pressed; from then on `children` (the real menu, rendered open) take its place, the
 * look-alike standing in while the code arrives.
 */
export function LoadOnIntent({
  preload,
  trigger,
  children,
}: {
  preload: () => unknown;
  trigger: (props: TriggerProps) => ReactElement;
  children: ReactNode;
}) {
  const { opened, triggerProps } = useOpenOnIntent(preload);
  const standIn = trigger(triggerProps);
  if (!opened) return standIn;
  return <Suspense fallback={standIn}>{children}</Suspense>;
}

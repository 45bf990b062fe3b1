import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';
import { importOrReload } from '@web/lib/lazy-import';

/*
 * Toasts without the toast library in the first load (decision 026): sonner (about 9 KB gzipped)
 * is fetched when the first toast is asked for, and the Toaster mounts then. Sonner keeps its
 * toasts in a module-level store and replays them to a Toaster that mounts later, so a toast asked
 * for while the chunk loads still shows. Once loaded, every call is synchronous.
 */
type Sonner = typeof SonnerModule;

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  loading ??= importOrReload(() => import('sonner')).then(
    (module) => (sonner = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function withSonner(show: (api: Sonner['toast']) => void): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  if (sonner) return show(sonner.toast);
  loadSonner().then(
    (module) => show(module.toast),
    (error: unknown) => console.error('[toast] could not load', error),
  );
}

export const toast = {
  success: (message: ReactNode, data?: SonnerModule.ExternalToast): void => withSonner((api) => void api.success(message, data)),
  error: (message: ReactNode, data?: SonnerModule.ExternalToast): void => withSonner((api) => void api.error(message, data)),
  info: (message: ReactNode, data?: SonnerModule.ExternalToast): void => withSonner((api) => void api.info(message, data)),
  /** Every toast, or the one with this id. Nothing to do before the first toast. */
  dismiss: (id?: string | number): void => {
    if (sonner) sonner.toast.dismiss(id);
    else void loading?.then((module) => module.toast.dismiss(id));
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

const SonnerToaster = lazy(() => importOrReload(() => import('./sonner-toaster')).then((module) => ({ default: module.SonnerToaster })));

/** Where toasts show: nothing until the first toast is asked for. */
export function Toaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}

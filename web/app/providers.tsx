import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { type ReactNode, useState } from 'react';
import { Toaster } from '@web/components/ui/toaster';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { findMemberOnDevice } from '@web/lib/auth/device-member';
import { getMeQueryOptions } from '@web/lib/auth/get-me';
import { getPageQueryClient } from '@web/lib/query-client';
import {
  computeCacheBuster,
  describeCacheOwner,
  devicePersister,
  isKeptAnswer,
  PERSISTED_CACHE_MAX_AGE_MS,
  shouldPersistQuery,
  startCacheFor,
  trackTabQueries,
} from '@web/lib/query-persistence';
import { useThemeSync } from '@web/lib/theme';

/** When this page began: answers from before it were kept on the device. */
const PAGE_STARTED_AT = Date.now();

/** No member on this device: restoring discards whatever was kept. */
const NOBODY = 'nobody';

/**
 * The boards and lists this device saw, kept a day in IndexedDB for the member who saw them
 * (decision 082): restored before the first query runs, so a start without a connection shows them.
 */
function startQueries() {
  const owner = describeCacheOwner(findMemberOnDevice());
  startCacheFor(owner);
  const queryClient = getPageQueryClient();
  trackTabQueries(queryClient.getQueryCache());
  // Who is signed in is asked before the first render, not when it commits (decision 085): a
  // throttled phone took 350 ms to render and commit the first frame before /me was even asked.
  void queryClient.prefetchQuery(getMeQueryOptions());
  return {
    queryClient,
    persistOptions: {
      persister: devicePersister,
      maxAge: PERSISTED_CACHE_MAX_AGE_MS,
      buster: owner === null ? NOBODY : computeCacheBuster(owner),
      dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
    },
  };
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [{ queryClient, persistOptions }] = useState(startQueries);
  // The colour theme follows the person's choice and the system's while the app runs (decision 056).
  useThemeSync();
  // What was restored is shown at once and read again: a reload, or a page opened online, gets
  // today's answers (a kept answer younger than staleTime would otherwise count as fresh). What
  // this page has asked already (who is signed in, the start screen's prefetch) is not asked twice.
  const refreshRestored = () => queryClient.invalidateQueries({ predicate: (query) => isKeptAnswer(query, PAGE_STARTED_AT) });
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions} onSuccess={refreshRestored}>
      <AuthProvider>{children}</AuthProvider>
      <Toaster />
    </PersistQueryClientProvider>
  );
}

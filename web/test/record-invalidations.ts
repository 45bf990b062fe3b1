import type { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';

/** Records the first key part of every invalidateQueries call (what live updates refresh). */
export function recordInvalidations(queryClient: QueryClient): string[] {
  const invalidated: string[] = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(String((filters as { queryKey: string[] }).queryKey[0]));
  });
  return invalidated;
}

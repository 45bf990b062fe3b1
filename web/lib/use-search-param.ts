import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One search parameter of the address as a screen's state (a board's ranking, a tab, an open
 * dialog): read as it stands, and set in place of the current history entry, so a reload and a
 * shared link keep it without a Back step per change. `null` removes it; the other parameters
 * (a team filter beside a ranking) stay as they are.
 */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const setValue = useCallback(
    (value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [params.get(name), setValue];
}

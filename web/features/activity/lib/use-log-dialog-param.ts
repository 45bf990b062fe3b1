import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const LOG_KINDS = ['call', 'sale', 'meeting', 'email', 'linkedin'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

/**
 * Which log dialog is open lives in the URL (?log=call), so the command palette and the header's
 * links can open one, and the phone's Back button closes it.
 */
export function useLogDialogParam(): [LogKind | null, (kind: LogKind | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('log');
  const kind = (LOG_KINDS as readonly string[]).includes(raw ?? '') ? (raw as LogKind) : null;
  const setKind = useCallback(
    (next: LogKind | null) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set('log', next);
          else updated.delete('log');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [kind, setKind];
}

import { useSearchParam } from '@web/lib/use-search-param';

const LOG_KINDS = ['call', 'sale', 'meeting', 'email', 'linkedin'] as const;
/** A built-in kind, or one of the company's own types by its id (decision 100: ?log=type:<id>). */
export type LogKind = (typeof LOG_KINDS)[number] | `type:${string}`;
const OWN_TYPE = /^type:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which log dialog is open lives in the URL (?log=call), so the command palette and the header's
 * links can open one, and the phone's Back button closes it.
 */
export function useLogDialogParam(): [LogKind | null, (kind: LogKind | null) => void] {
  const [raw, setKind] = useSearchParam('log');
  const kind = (LOG_KINDS as readonly string[]).includes(raw ?? '') || OWN_TYPE.test(raw ?? '') ? (raw as LogKind) : null;
  return [kind, setKind];
}

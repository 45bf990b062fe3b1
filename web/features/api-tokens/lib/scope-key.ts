import type { ApiTokenScope } from '@core/contracts';

/** A scope's key in the data catalog ('activities:read' -> 'activities_read'): i18next reads ':' as its namespace separator. */
export function scopeKey(scope: ApiTokenScope): string {
  return scope.replace(':', '_');
}

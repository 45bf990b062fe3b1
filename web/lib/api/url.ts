import type { paths } from './schema';

/*
 * An endpoint's address from the generated API types, for what does not call through the client:
 * an EventSource's stream, or the public site's contact form (whose island posts it). Types only:
 * it adds no code of the client to a page.
 */

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
type Operations<P extends keyof paths> = { [M in Method]: paths[P] extends Record<M, infer Operation> ? Operation : never }[Method];
type PathParams<P extends keyof paths> = NonNullable<Operations<P> extends { parameters: { path?: infer Params } } ? Params : never>;

/** apiUrl('/api/v1/display/{token}/events', { token }): the path with its parameters filled in (encoded). */
export function apiUrl<P extends keyof paths>(path: P, ...params: [PathParams<P>] extends [never] ? [] : [PathParams<P>]): string {
  const values = (params[0] ?? {}) as Record<string, string>;
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? ''));
}

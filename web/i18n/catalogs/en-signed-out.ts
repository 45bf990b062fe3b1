import { toNamespaces } from './to-namespaces';

/** English, the signed-out screens' namespaces (SIGNED_OUT_NAMESPACES in ../index.ts): one small chunk. */
export default toNamespaces(import.meta.glob<Record<string, unknown>>('../locales/en/{common,auth,invitations}.json', { eager: true, import: 'default' }));

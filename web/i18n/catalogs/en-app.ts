import { toNamespaces } from './to-namespaces';

/** English, every other namespace of the app (not the public site's landing and public): one chunk. */
export default toNamespaces(
  import.meta.glob<Record<string, unknown>>(['../locales/en/*.json', '!../locales/en/{common,auth,invitations,landing,public}.json'], { eager: true, import: 'default' }),
);

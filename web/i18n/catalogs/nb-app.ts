import { toNamespaces } from './to-namespaces';

/** Norwegian, every other namespace of the app (not the public site's landing and public): one chunk. */
export default toNamespaces(
  import.meta.glob<Record<string, unknown>>(['../locales/nb/*.json', '!../locales/nb/{common,auth,invitations,landing,public}.json'], { eager: true, import: 'default' }),
);

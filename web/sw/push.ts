/**
 * Push handlers are installed here (the 'push' and 'notificationclick' events). Nothing yet: the
 * worker calls this at start-up so notifications plug in without touching the caching.
 */
export function installPushHandlers(sw: ServiceWorkerGlobalScope): void {
  void sw;
}

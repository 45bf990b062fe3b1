/**
 * The product name (BRAND_NAME on the server), which the server writes into index.html's
 * <meta name="application-name"> when it serves the page. 'Dealboard' when absent (dev server).
 */
export function getBrandName(): string {
  if (typeof document === 'undefined') return 'Dealboard';
  return document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content || 'Dealboard';
}

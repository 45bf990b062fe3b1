/** What the build hands the renderer: hashed asset URLs (scripts/public-site/vite-plugin.ts). */
export type SiteAssets = {
  stylesheets: string[];
  /** The Latin subset of Inter, preloaded so the hero text does not shift when the font arrives. */
  fontPreload: string | null;
  /** Island name -> its script and the chunks it imports (modulepreload). */
  islands: Record<string, { file: string; imports: string[] }>;
};

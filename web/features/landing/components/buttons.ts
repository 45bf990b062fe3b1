import { buttonVariants } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

/** Link buttons on the landing page: the app's button variants, a size up. */
export const primaryCta = cn(buttonVariants({ variant: 'success', size: 'lg' }), 'h-12 px-6 text-base font-semibold text-sidebar');
export const outlineOnDark = cn(
  buttonVariants({ variant: 'outline', size: 'lg' }),
  'h-12 border-white/25 bg-white/5 px-6 text-base text-white shadow-none hover:bg-white/15 hover:text-white',
);
export const outlineOnLight = cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'h-12 px-6 text-base font-semibold text-sidebar');

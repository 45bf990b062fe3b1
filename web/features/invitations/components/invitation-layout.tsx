import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Wordmark } from '@web/components/logo';
import { Card, CardContent } from '@web/components/ui/card';
import { paths } from '@web/lib/paths';

/** A calm single card on the brand's background: the invitation and magic-link screens. */
export function InvitationLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden bg-background px-4 py-6 sm:px-8">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-40 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-[radial-gradient(circle,oklch(0.5_0.12_222/0.12),transparent_70%)]"
      />
      <Link to={paths.landing} className="relative w-fit">
        <Wordmark />
      </Link>
      <main className="relative flex flex-1 items-center justify-center py-10">
        <Card className="w-full max-w-md shadow-lg">
          <CardContent className="p-6 sm:p-8">{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}

import type { ReactNode } from 'react';

/** The title band every public page opens with. */
export function PageHero({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead: string; children?: ReactNode }) {
  return (
    <div className="aurora-soft border-b bg-gradient-to-b from-primary-soft/70 to-background">
      <div className="mx-auto max-w-6xl px-4 pt-14 pb-12 sm:px-6 sm:pt-20 sm:pb-16">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{title}</h1>
        <p className="mt-5 max-w-2xl text-lg leading-8 text-pretty text-muted-foreground">{lead}</p>
        {children && <div className="mt-8">{children}</div>}
      </div>
    </div>
  );
}

export function Container({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 ${className}`}>{children}</div>;
}

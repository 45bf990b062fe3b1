import { cn } from '@web/lib/cn';

export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  className,
  tone = 'light',
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  className?: string;
  tone?: 'light' | 'dark';
}) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <p className={cn('text-sm font-semibold tracking-wide uppercase', tone === 'dark' ? 'text-success' : 'text-primary')}>{eyebrow}</p>
      <h2 id={id} className={cn('mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl', tone === 'dark' && 'text-white')}>
        {title}
      </h2>
      {lead && (
        <p className={cn('mt-4 text-lg leading-8 text-pretty', tone === 'dark' ? 'text-sidebar-muted' : 'text-muted-foreground')}>{lead}</p>
      )}
    </div>
  );
}

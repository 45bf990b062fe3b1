import { MailCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { usePublicConfig } from '@web/lib/public-config';
import { DevMailboxHint } from './dev-mailbox-hint';

/** "Check your email": what was sent where, the dev mailbox when there is no mail server, and the way on. */
export function MailSent({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  const publicConfig = usePublicConfig();
  return (
    <div className="text-center">
      <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-success-soft text-success">
        <MailCheckIcon className="size-7" aria-hidden />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted-foreground">{children}</p>
      {publicConfig.data?.devMailbox && (
        <Alert className="mt-6 text-left">
          <AlertDescription>
            <DevMailboxHint />
          </AlertDescription>
        </Alert>
      )}
      <div className="mt-6 flex flex-col items-center gap-3">{actions}</div>
    </div>
  );
}

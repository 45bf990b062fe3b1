import { RequestMagicLinkSchema } from '@core/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircleIcon, MailCheckIcon, MailIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { useAuth } from '@web/lib/auth/auth-provider';
import { goToSignIn } from '@web/lib/auth/go-to-sign-in';
import { storePendingInvite } from '@web/lib/auth/pending-invite';
import { paths } from '@web/lib/paths';
import { usePublicConfig } from '@web/lib/public-config';
import { useInvitationPreview } from '@web/lib/queries/get-invitation-preview';
import { useRequestMagicLink } from '../api/request-magic-link';
import { InvalidInvitation } from '../components/invalid-invitation';
import { InvitationLayout } from '../components/invitation-layout';
import { InvitationSkeleton } from '../components/invitation-skeleton';

const MagicLinkFormSchema = RequestMagicLinkSchema.omit({ code: true });

/** /join?invite={code}: a magic link by e-mail that signs the person in and comes back to accept. */
export function Component() {
  const [params] = useSearchParams();
  const code = params.get('invite')?.trim();
  const { user, isLoading } = useAuth();
  if (!code) return <Navigate to={paths.auth()} replace />;
  if (!isLoading && user) return <Navigate to={paths.invite(code)} replace />;
  return <JoinPage code={code} isAuthLoading={isLoading} />;
}

function JoinPage({ code, isAuthLoading }: { code: string; isAuthLoading: boolean }) {
  const preview = useInvitationPreview(code);
  const [sentTo, setSentTo] = useState<string | null>(null);
  let content;
  if (isAuthLoading || preview.isPending) content = <InvitationSkeleton />;
  else if (preview.isError || !preview.data.valid) content = <InvalidInvitation error={preview.error?.message ?? preview.data?.error} />;
  else if (sentTo) content = <LinkSent email={sentTo} onBack={() => setSentTo(null)} />;
  else
    content = (
      <MagicLinkForm code={code} company={preview.data.companyName ?? ''} invitedEmail={preview.data.email ?? ''} onSent={setSentTo} />
    );
  return <InvitationLayout>{content}</InvitationLayout>;
}

function MagicLinkForm({
  code,
  company,
  invitedEmail,
  onSent,
}: {
  code: string;
  company: string;
  /** The address the invitation was mailed to: filled in (it can still be changed). */
  invitedEmail: string;
  onSent: (email: string) => void;
}) {
  const { t } = useTranslation('invitations');
  const request = useRequestMagicLink();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(MagicLinkFormSchema), defaultValues: { email: invitedEmail, name: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await request.mutateAsync({ code, email: values.email, name: values.name || undefined });
      onSent(values.email);
    } catch (error) {
      toast.error(t('magic.errorTitle'), { description: error instanceof Error ? error.message : undefined });
    }
  });

  return (
    <div>
      <div className="mb-5 flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
        <MailIcon className="size-6" aria-hidden />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{t('magic.title', { company })}</h1>
      <p className="mt-2 text-muted-foreground">{t('magic.text')}</p>
      {request.isError && (
        <Alert variant="destructive" className="mt-5">
          <AlertCircleIcon />
          <AlertDescription>{request.error.message}</AlertDescription>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
        <div className="space-y-2">
          <Label htmlFor="magicName">
            {t('magic.name')} <span className="font-normal text-muted-foreground">({t('magic.optional')})</span>
          </Label>
          <Input id="magicName" autoComplete="name" maxLength={80} placeholder={t('magic.namePlaceholder')} {...register('name')} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="magicEmail">{t('magic.email')}</Label>
          <Input
            id="magicEmail"
            type="email"
            autoComplete="email"
            required
            placeholder={t('magic.emailPlaceholder')}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? 'magicEmail-error' : undefined}
            {...register('email')}
          />
          <FieldError id="magicEmail-error">{errors.email && t('magic.emailError')}</FieldError>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
          {request.isPending && <Spinner />}
          {request.isPending ? t('magic.sending') : t('magic.send')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t('magic.preferPassword')}{' '}
        <Link
          to={paths.auth({ invite: code })}
          onClick={(event) => {
            event.preventDefault();
            storePendingInvite(code);
            goToSignIn({ invite: code });
          }}
          className="font-medium text-primary hover:underline"
        >
          {t('join.signIn')}
        </Link>
      </p>
    </div>
  );
}

function LinkSent({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation('invitations');
  const config = usePublicConfig();
  return (
    <div className="text-center">
      <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-success-soft text-success">
        <MailCheckIcon className="size-7" aria-hidden />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight" aria-live="polite">
        {t('sent.title')}
      </h1>
      <p className="mt-2 text-muted-foreground">{t('sent.text', { email })}</p>
      {config.data?.devMailbox && (
        <Alert className="mt-6 text-left">
          <AlertDescription>
            {t('sent.devMailbox')}{' '}
            <a className="font-medium text-primary underline" href={paths.devMailbox} target="_blank" rel="noopener">
              {t('sent.openMailbox')}
            </a>
          </AlertDescription>
        </Alert>
      )}
      <Button variant="outline" className="mt-6" onClick={onBack}>
        {t('sent.back')}
      </Button>
    </div>
  );
}

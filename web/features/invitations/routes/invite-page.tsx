import type { Role } from '@core/contracts';
import { Building2Icon, MailIcon, PartyPopperIcon, ShieldCheckIcon, UserRoundIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { useAuth } from '@web/lib/auth/auth-provider';
import { goToSignIn } from '@web/lib/auth/go-to-sign-in';
import { clearPendingInvite, storePendingInvite } from '@web/lib/auth/pending-invite';
import { paths } from '@web/lib/paths';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationPreview } from '@web/lib/queries/get-invitation-preview';
import { InvalidInvitation } from '../components/invalid-invitation';
import { InvitationLayout } from '../components/invitation-layout';
import { InvitationSkeleton } from '../components/invitation-skeleton';

/** /invite/{code}: loading, then invalid, or valid for a signed-in person (accept) or a visitor (join). */
export function Component() {
  const { code } = useParams();
  if (!code?.trim()) return <Navigate to={paths.auth()} replace />;
  return <InvitePage code={code.trim()} />;
}

function InvitePage({ code }: { code: string }) {
  const { user, me, isLoading } = useAuth();
  const [params] = useSearchParams();
  // Back from confirming the e-mail they signed up with from this invitation: accept it at once.
  // Someone who belongs to a company already is asked, so a link alone never moves them.
  const acceptAtOnce = params.get('accept') === '1' && me?.onboarding.hasCompany === false;
  const preview = useInvitationPreview(code);
  const isAccepted = Boolean(user && preview.data?.acceptedByYou);
  const isInvalid = !isAccepted && (preview.isError || preview.data?.valid === false);

  // While a signed-in person has a valid invitation open, keep it pending: sign-in provisioning
  // waits, so the invitation (and its role) is what makes them a member. Leaving lets it run.
  useEffect(() => {
    if (!user) return;
    if (isInvalid || isAccepted) {
      clearPendingInvite();
      return;
    }
    storePendingInvite(code);
    return () => clearPendingInvite();
  }, [user, code, isInvalid, isAccepted]);

  let content;
  if (isLoading || preview.isPending) content = <InvitationSkeleton />;
  else if (isAccepted) content = <AcceptedInvitation company={preview.data?.companyName ?? ''} />;
  else if (isInvalid || !preview.data) content = <InvalidInvitation error={preview.error?.message ?? preview.data?.error} />;
  else {
    const company = preview.data.companyName ?? '';
    const role = preview.data.role ?? 'user';
    content = user ? (
      <AcceptInvitation code={code} company={company} role={role} email={user.email} acceptAtOnce={acceptAtOnce} />
    ) : (
      <JoinInvitation code={code} company={company} role={role} />
    );
  }
  return <InvitationLayout>{content}</InvitationLayout>;
}

function InvitedAs({ company, role }: { company: string; role: Role }) {
  const { t } = useTranslation('invitations');
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 rounded-lg border bg-muted/40 p-4 text-left text-sm">
      <div className="min-w-0">
        <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Building2Icon className="size-3.5" aria-hidden /> {t('company')}
        </dt>
        <dd className="mt-1 truncate font-medium">{company}</dd>
      </div>
      <div>
        <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <UserRoundIcon className="size-3.5" aria-hidden /> {t('role')}
        </dt>
        <dd className="mt-1">
          {role === 'admin' ? (
            <Badge variant="soft">
              <ShieldCheckIcon aria-hidden /> {t('roles.admin')}
            </Badge>
          ) : (
            <Badge variant="secondary">{t('roles.user')}</Badge>
          )}
        </dd>
      </div>
    </dl>
  );
}

function AcceptInvitation({
  code,
  company,
  role,
  email,
  acceptAtOnce,
}: {
  code: string;
  company: string;
  role: Role;
  email: string;
  acceptAtOnce: boolean;
}) {
  const { t } = useTranslation('invitations');
  const { recheck } = useAuth();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const accepted = useRef(false);
  useEffect(() => {
    if (!acceptAtOnce || accepted.current) return;
    accepted.current = true;
    void onAccept();
  });

  async function onAccept() {
    try {
      const result = await accept.mutateAsync(code);
      clearPendingInvite();
      await recheck();
      toast.success(t('welcome.title'), {
        description: t(result.alreadyMember ? 'welcome.alreadyMember' : 'welcome.joined', { company: result.companyName || company }),
      });
      void navigate(paths.app.dashboardAlias, { replace: true });
    } catch (error) {
      toast.error(t('acceptError.title'), {
        description: error instanceof Error && error.message ? error.message : t('acceptError.fallback'),
      });
    }
  }

  return (
    <div className="text-center">
      <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-success-soft text-success">
        <PartyPopperIcon className="size-6" aria-hidden />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{t('received.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('received.text', { company })}</p>
      <InvitedAs company={company} role={role} />
      <p className="mt-4 text-xs text-muted-foreground">{t('received.signedInAs', { email })}</p>
      <div className="mt-6 flex flex-col gap-2">
        <Button size="lg" onClick={() => void onAccept()} disabled={accept.isPending}>
          {accept.isPending && <Spinner />}
          {accept.isPending ? t('received.accepting') : t('received.accept')}
        </Button>
        <Button
          size="lg"
          variant="ghost"
          disabled={accept.isPending}
          onClick={() => {
            clearPendingInvite();
            goToSignIn();
          }}
        >
          {t('received.cancel')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The signed-in person already used this invitation: a magic link accepted it as it signed them in
 * (or they reload the page after accepting). Welcome them and go on to the app.
 */
function AcceptedInvitation({ company }: { company: string }) {
  const { t } = useTranslation('invitations');
  const { recheck } = useAuth();
  const navigate = useNavigate();
  const welcomed = useRef(false);
  useEffect(() => {
    if (welcomed.current) return;
    welcomed.current = true;
    clearPendingInvite();
    void recheck().then(() => {
      toast.success(t('welcome.title'), { description: t('welcome.joined', { company }) });
      void navigate(paths.app.dashboardAlias, { replace: true });
    });
  }, [company, navigate, recheck, t]);
  return <InvitationSkeleton />;
}

function JoinInvitation({ code, company, role }: { code: string; company: string; role: Role }) {
  const { t } = useTranslation('invitations');
  return (
    <div className="text-center">
      <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Building2Icon className="size-6" aria-hidden />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{t('join.title', { company })}</h1>
      <p className="mt-2 text-muted-foreground">{t('join.text', { company })}</p>
      <InvitedAs company={company} role={role} />
      <div className="mt-6 flex flex-col gap-2">
        <Button size="lg" asChild>
          <Link to={paths.authRegisterInvite(code)} onClick={() => storePendingInvite(code)}>
            {t('join.createAccount')}
          </Link>
        </Button>
        <Button
          size="lg"
          variant="outline"
          onClick={() => {
            storePendingInvite(code);
            goToSignIn({ invite: code });
          }}
        >
          {t('join.signIn')}
        </Button>
        <Button size="lg" variant="ghost" asChild>
          <Link to={paths.join(code)}>
            <MailIcon /> {t('join.magicLink')}
          </Link>
        </Button>
      </div>
      <p className="mt-5 text-xs text-muted-foreground">{t('join.hint')}</p>
    </div>
  );
}

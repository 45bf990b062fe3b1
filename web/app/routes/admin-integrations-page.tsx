import { ArrowRightIcon, WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardHeading } from '@web/components/card-heading';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDisplayLinks } from '@web/features/tv/api/get-display-links';
import { useTvPlaylists } from '@web/features/tv/api/tv-playlists';
import { DisplayLinksCard } from '@web/features/tv/components/display-links-card';
import { TvPlaylistsCard } from '@web/features/tv/components/tv-playlists-card';
import { useChatIntegrations } from '@web/features/webhooks/api/chat-integrations';
import { ChatIntegrationsCard } from '@web/features/webhooks/components/chat-integrations-card';
import { paths } from '@web/lib/paths';

/**
 * /app/admin/integrations: the wall's display links and playlists (the tv feature), Slack and Teams
 * channels and a way to signed webhooks (the webhooks feature), and where API tokens are.
 */
export function Component() {
  const { t } = useTranslation('scoreboard');
  // The three cards above the Webhooks card each load a list, and each list's answer changes its
  // card's height: shown as they came, the page moved under the pointer for the first half second
  // (a click meant for "Open Webhooks" landed on the display links' card; the webhooks journey
  // caught it). So the cards mount at once (their queries start) but show as one piece once each
  // list has answered or failed once (its card then says so, with a retry, while the client tries
  // again). From then on the page stays shown: a list that failed is pending again while it is tried
  // again (Try again, the channels' poll), and the page must not blink back to its skeleton.
  const lists = [useDisplayLinks(), useTvPlaylists(), useChatIntegrations()];
  const [shown, setShown] = useState(false);
  if (!shown && lists.every((list) => !list.isPending || list.failureCount > 0)) setShown(true);
  return (
    <>
      {shown ? null : <IntegrationsSkeleton />}
      <div className="flex flex-col gap-6" hidden={!shown}>
        <DisplayLinksCard />
        <TvPlaylistsCard />
        <ChatIntegrationsCard />
        {/* Signed webhooks have their own tab; this card points there from where admins look for integrations. */}
        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-4">
            <div className="flex min-w-0 flex-col gap-2">
              <div className="flex items-center gap-2">
                <WebhookIcon className="size-5 text-primary" aria-hidden />
                <CardHeading>{t('webhooksCard.title')}</CardHeading>
              </div>
              <CardDescription className="max-w-3xl">{t('webhooksCard.text')}</CardDescription>
            </div>
            <Button asChild variant="outline">
              <Link to={paths.admin.webhooks}>
                {t('webhooksCard.open')} <ArrowRightIcon />
              </Link>
            </Button>
          </CardHeader>
        </Card>
        <p className="text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey="apiTokensElsewhere"
            components={{
              tokens: (
                <Link to={paths.app.settings('api-tokens')} className="font-medium text-primary underline-offset-4 hover:underline" />
              ),
            }}
          />
        </p>
      </div>
    </>
  );
}

/** The page while its lists load: one still shape, so nothing moves when they arrive. */
function IntegrationsSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label={t('status.loading')}>
      <Skeleton className="h-72 rounded-xl" />
      <Skeleton className="h-48 rounded-xl" />
      <Skeleton className="h-48 rounded-xl" />
    </div>
  );
}

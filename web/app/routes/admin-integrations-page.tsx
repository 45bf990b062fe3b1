import { ArrowRightIcon, WebhookIcon } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardHeading } from '@web/components/card-heading';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader } from '@web/components/ui/card';
import { DisplayLinksCard } from '@web/features/tv/components/display-links-card';
import { TvPlaylistsCard } from '@web/features/tv/components/tv-playlists-card';
import { ChatIntegrationsCard } from '@web/features/webhooks/components/chat-integrations-card';
import { paths } from '@web/lib/paths';

/**
 * /app/admin/integrations: the wall's display links and playlists (the tv feature), Slack and Teams
 * channels and a way to signed webhooks (the webhooks feature), and where API tokens are.
 */
export function Component() {
  const { t } = useTranslation('scoreboard');
  return (
    <div className="flex flex-col gap-6">
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
            tokens: <Link to={paths.app.settings('api-tokens')} className="font-medium text-primary underline-offset-4 hover:underline" />,
          }}
        />
      </p>
    </div>
  );
}

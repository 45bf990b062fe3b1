import { API_TOKENS_PER_MEMBER, type ApiToken } from '@core/contracts';
import { ExternalLinkIcon, KeyRoundIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { toast } from '@web/components/ui/toaster';
import { useAuth } from '@web/lib/auth/auth-provider';
import { formatDate, formatDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { showErrorToast } from '@web/lib/show-error-toast';
import { scopeKey } from '../lib/scope-key';
import { useCompanyApiTokens, useMyApiTokens, useRevokeApiToken } from '../api/api-tokens';
import { CreateTokenDialog } from './create-token-dialog';

type Revoking = { id: string; name: string; asAdmin: boolean };

/**
 * Settings, API tokens (decision 035): my tokens (what each may do, when made, when it expires,
 * when last used) with Revoke, and Create token. An admin also sees every token of the company
 * and may revoke any.
 */
export function ApiTokensSettings() {
  const { isAdmin } = useAuth();
  const [revoking, setRevoking] = useState<Revoking | null>(null);
  return (
    <div className="space-y-6">
      <MyTokensCard onRevoke={setRevoking} />
      {isAdmin && <CompanyTokensCard onRevoke={setRevoking} />}
      <RevokeDialog revoking={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}

function MyTokensCard({ onRevoke }: { onRevoke: (token: Revoking) => void }) {
  const { t } = useTranslation('data');
  const tokens = useMyApiTokens();
  const [isCreating, setCreating] = useState(false);
  const list = tokens.data?.tokens ?? [];

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1.5">
          <CardTitle>{t('tokens.title')}</CardTitle>
          <CardDescription>{t('tokens.description')}</CardDescription>
        </div>
        {list.length > 0 && (
          <Button onClick={() => setCreating(true)}>
            <PlusIcon /> {t('tokens.create')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {tokens.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : tokens.isError ? (
          <LoadError title={t('tokens.loadFailed')} error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState
            icon={KeyRoundIcon}
            title={t('tokens.emptyTitle')}
            description={t('tokens.emptyText')}
            action={
              <div className="flex flex-wrap items-center justify-center gap-2">
                <Button onClick={() => setCreating(true)}>
                  <PlusIcon /> {t('tokens.create')}
                </Button>
                <Button asChild variant="outline">
                  <a href={paths.apiDocs} target="_blank" rel="noopener">
                    {t('tokens.docsLink')} <ExternalLinkIcon />
                  </a>
                </Button>
              </div>
            }
          />
        ) : (
          <>
            <ul className="divide-y rounded-lg border" aria-label={t('tokens.title')}>
              {list.map((token) => (
                <TokenRow key={token.id} token={token} onRevoke={() => onRevoke({ id: token.id, name: token.name, asAdmin: false })} />
              ))}
            </ul>
            <p className="mt-3 flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
              <span>{t('tokens.count', { count: list.length, max: API_TOKENS_PER_MEMBER })}</span>
              <a
                href={paths.apiDocs}
                target="_blank"
                rel="noopener"
                className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
              >
                {t('tokens.docsLink')} <ExternalLinkIcon className="size-3" aria-hidden />
              </a>
            </p>
          </>
        )}
      </CardContent>
      <CreateTokenDialog open={isCreating} onOpenChange={setCreating} />
    </Card>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const { t, i18n } = useTranslation('data');
  const lang = i18n.language;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="api-token">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{token.name}</span>
          <code
            className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground"
            aria-label={t('tokens.hint', { hint: token.hint })}
          >
            {token.hint}
          </code>
          {token.expired && <Badge variant="warning">{t('tokens.expired')}</Badge>}
        </div>
        <ScopeBadges scopes={token.scopes} />
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span>{t('tokens.created', { date: formatDate(token.createdAt, lang) })}</span>
          <span aria-hidden>·</span>
          <span>
            {token.expiresAt === null
              ? t('tokens.neverExpires')
              : t(token.expired ? 'tokens.expiredOn' : 'tokens.expires', { date: formatDate(token.expiresAt, lang) })}
          </span>
          <span aria-hidden>·</span>
          <span>{token.lastUsedAt ? t('tokens.lastUsed', { date: formatDateTime(token.lastUsedAt, lang) }) : t('tokens.neverUsed')}</span>
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 self-start border-destructive/40 text-destructive hover:bg-destructive-soft hover:text-destructive"
        onClick={onRevoke}
        aria-label={t('tokens.revokeLabel', { name: token.name })}
      >
        <Trash2Icon /> {t('tokens.revoke')}
      </Button>
    </li>
  );
}

function ScopeBadges({ scopes }: { scopes: readonly ApiToken['scopes'][number][] }) {
  const { t } = useTranslation('data');
  return (
    <ul className="flex flex-wrap gap-1.5">
      {scopes.map((scope) => (
        <li key={scope}>
          <Badge variant="soft" title={scope}>
            {t(`tokens.scopes.${scopeKey(scope)}.label`)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function CompanyTokensCard({ onRevoke }: { onRevoke: (token: Revoking) => void }) {
  const { t, i18n } = useTranslation('data');
  const tokens = useCompanyApiTokens(true);
  const list = tokens.data?.tokens ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('tokens.admin.title')}</CardTitle>
        <CardDescription>{t('tokens.admin.description')}</CardDescription>
      </CardHeader>
      <CardContent className={list.length > 0 ? 'px-0' : undefined}>
        {tokens.isPending ? (
          <Skeleton className="h-24 w-full" aria-busy="true" />
        ) : tokens.isError ? (
          <LoadError title={t('tokens.admin.loadFailed')} error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState icon={KeyRoundIcon} title={t('tokens.admin.empty')} />
        ) : (
          <Table aria-label={t('tokens.admin.title')}>
            <TableHeader>
              <TableRow>
                <TableHead className="pl-5">{t('tokens.admin.owner')}</TableHead>
                <TableHead>{t('tokens.admin.name')}</TableHead>
                <TableHead className="hidden md:table-cell">{t('tokens.admin.scopes')}</TableHead>
                <TableHead className="hidden sm:table-cell">{t('tokens.admin.lastUsed')}</TableHead>
                <TableHead className="pr-5 text-right">
                  <span className="sr-only">{t('tokens.admin.actions')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((token) => (
                <TableRow key={token.id} data-testid="company-api-token">
                  {/* The owner's column gives way (truncates) so Revoke stays on a phone's screen. */}
                  <TableCell className="w-1/2 max-w-0 pl-5">
                    <div className="min-w-0">
                      <p className="truncate font-medium">{token.displayName?.trim() || token.email}</p>
                      <p className="truncate text-xs text-muted-foreground">{token.email}</p>
                    </div>
                  </TableCell>
                  <TableCell className="max-w-40 sm:max-w-none">
                    <span className="font-medium break-all">{token.name}</span>
                    <div className="mt-1 flex flex-wrap items-center gap-1.5">
                      <code className="font-mono text-xs text-muted-foreground">{token.hint}</code>
                      {token.expired && <Badge variant="warning">{t('tokens.expired')}</Badge>}
                    </div>
                  </TableCell>
                  <TableCell className="hidden md:table-cell">
                    <ScopeBadges scopes={token.scopes} />
                  </TableCell>
                  <TableCell className="hidden text-sm whitespace-nowrap text-muted-foreground sm:table-cell">
                    {token.lastUsedAt ? formatDateTime(token.lastUsedAt, i18n.language) : t('tokens.neverUsed')}
                  </TableCell>
                  <TableCell className="pr-5 text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:bg-destructive-soft hover:text-destructive"
                      onClick={() => onRevoke({ id: token.id, name: token.name, asAdmin: true })}
                      aria-label={t('tokens.revokeLabel', { name: token.name })}
                    >
                      <Trash2Icon /> <span className="hidden lg:inline">{t('tokens.revoke')}</span>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function RevokeDialog({ revoking, onClose }: { revoking: Revoking | null; onClose: () => void }) {
  const { t } = useTranslation('data');
  const revoke = useRevokeApiToken();
  // Keep the last token's name while the dialog animates closed.
  const [shown, setShown] = useState<Revoking | null>(null);
  if (revoking && revoking !== shown) setShown(revoking);

  async function onConfirm() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ id: revoking.id, asAdmin: revoking.asAdmin });
      toast.success(t('tokens.revoked'), { description: revoking.name });
      onClose();
    } catch (error) {
      showErrorToast(t('tokens.revokeFailed'), revoking.name, error);
    }
  }

  return (
    <ConfirmDialog
      open={revoking !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('tokens.revokeTitle', { name: shown?.name ?? '' })}
      description={t('tokens.revokeText')}
      confirmLabel={t('tokens.revoke')}
      busyLabel={t('tokens.revoking')}
      isBusy={revoke.isPending}
      isDestructive
      onConfirm={() => void onConfirm()}
    />
  );
}

import { type CreatedDisplayLink, CreateDisplayLinkSchema, type DisplayLink, type Language } from '@core/contracts';
import { BanIcon, CheckIcon, CopyIcon, MonitorIcon, PlusIcon, ShieldAlertIcon, TvIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '@web/components/card-heading';
import { LoadError } from '@web/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { LANGUAGE_NAMES, LanguageSelect } from '@web/components/language-select';
import { FieldError, Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError } from '@web/lib/api';
import { copyText } from '@web/lib/clipboard';
import { useCompanyFormat } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { useTeams } from '@web/lib/teams';
import { useCreateDisplayLink } from '../api/create-display-link';
import { useSetDisplayLinkPlaylist, useTvPlaylists } from '../api/tv-playlists';
import { useDisplayLinks } from '../api/get-display-links';
import { useRevokeDisplayLink } from '../api/revoke-display-link';

/** The team select's "Whole company" (Radix selects take no empty value). */
const WHOLE_COMPANY = 'company';
/** The playlist select's "Today's leaderboard" (no playlist). */
const NO_PLAYLIST = 'none';

/** The address a wall screen opens: /tv?display={token}. */
export function buildDisplayUrl(token: string, origin = window.location.origin): string {
  return `${origin}${paths.tv}?display=${encodeURIComponent(token)}`;
}

/** The TV's display links: make one (its address shown once), list them, point one at a playlist, revoke. */
export function DisplayLinksCard() {
  const { t } = useTranslation('scoreboard');
  const [created, setCreated] = useState<CreatedDisplayLink | null>(null);
  return (
    <Card>
      <CardHeader className="gap-2">
        <div className="flex items-center gap-2">
          <TvIcon className="size-5 text-primary" aria-hidden />
          <CardHeading>{t('displayLinks.title')}</CardHeading>
        </div>
        <CardDescription className="max-w-3xl">{t('displayLinks.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <CreateDisplayLinkForm onCreated={setCreated} />
        <DisplayLinksTable />
      </CardContent>
      <CreatedLinkDialog created={created} onClose={() => setCreated(null)} />
    </Card>
  );
}

function CreateDisplayLinkForm({ onCreated }: { onCreated: (created: CreatedDisplayLink) => void }) {
  const { t } = useTranslation('scoreboard');
  const create = useCreateDisplayLink();
  const teams = useTeams().data?.teams ?? [];
  const [name, setName] = useState('');
  const [teamId, setTeamId] = useState(WHOLE_COMPANY);
  // The wall's own language over the company's (decision 079); null: the company's.
  const [language, setLanguage] = useState<Language | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const inputId = useId();
  const teamSelectId = useId();
  const languageSelectId = useId();
  const errorId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = CreateDisplayLinkSchema.safeParse({
      name,
      ...(language ? { language } : {}),
      ...(teamId === WHOLE_COMPANY ? {} : { teamId }),
    });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? t('displayLinks.nameRequired'));
      return;
    }
    setFieldError(null);
    create.mutate(parsed.data, {
      onSuccess: (result) => {
        setName('');
        setTeamId(WHOLE_COMPANY);
        setLanguage(null);
        onCreated(result);
      },
      onError: (error) => {
        const message = error instanceof ApiRequestError ? (error.details?.name ?? error.message) : t('displayLinks.createFailed');
        if (error instanceof ApiRequestError && error.details?.name) setFieldError(message);
        else toast.error(t('displayLinks.createFailed'), { description: message });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-2 sm:w-full sm:max-w-sm">
          <Label htmlFor={inputId}>{t('displayLinks.nameLabel')}</Label>
          <Input
            id={inputId}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('displayLinks.namePlaceholder')}
            maxLength={80}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
          />
        </div>
        {/* A wall per office (decision 040): the link shows one team's people, or everyone. */}
        {teams.length > 0 && (
          <div className="flex flex-col gap-2 sm:w-48">
            <Label htmlFor={teamSelectId}>{t('displayLinks.teamLabel')}</Label>
            <Select value={teamId} onValueChange={setTeamId}>
              <SelectTrigger id={teamSelectId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={WHOLE_COMPANY}>{t('displayLinks.wholeCompany')}</SelectItem>
                {teams.map((team) => (
                  <SelectItem key={team.id} value={team.id}>
                    {team.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
        <div className="flex flex-col gap-2 sm:w-48">
          <Label htmlFor={languageSelectId}>{t('displayLinks.languageLabel')}</Label>
          <LanguageSelect id={languageSelectId} value={language} onChange={setLanguage} unsetLabel={t('displayLinks.languageCompany')} />
        </div>
        <Button type="submit" disabled={create.isPending}>
          <PlusIcon /> {create.isPending ? t('displayLinks.creating') : t('displayLinks.create')}
        </Button>
      </div>
      <FieldError id={errorId}>{fieldError}</FieldError>
      <p className="text-xs text-muted-foreground">{t(teams.length > 0 ? 'displayLinks.nameAndTeamHint' : 'displayLinks.nameHint')}</p>
    </form>
  );
}

function DisplayLinksTable() {
  const { t } = useTranslation('scoreboard');
  const format = useCompanyFormat();
  const links = useDisplayLinks();
  const [toRevoke, setToRevoke] = useState<DisplayLink | null>(null);

  if (links.isError && !links.data)
    return <LoadError title={t('displayLinks.loadFailed')} error={links.error} onRetry={links.refetch} layout="stacked" />;
  if (links.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-hidden>
        <Skeleton className="h-9" />
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  const rows = links.data.links;
  if (rows.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
        <MonitorIcon className="size-6 text-muted-foreground" aria-hidden />
        <p className="text-sm font-medium">{t('displayLinks.emptyTitle')}</p>
        <p className="max-w-md text-sm text-muted-foreground">{t('displayLinks.emptyText')}</p>
      </div>
    );
  }
  return (
    <>
      <div className="overflow-hidden rounded-lg border">
        <Table>
          <caption className="sr-only">{t('displayLinks.tableCaption')}</caption>
          <TableHeader>
            <TableRow className="bg-muted/40 hover:bg-muted/40">
              <TableHead>{t('displayLinks.columns.name')}</TableHead>
              <TableHead>{t('displayLinks.columns.shows')}</TableHead>
              <TableHead>{t('displayLinks.columns.playlist')}</TableHead>
              <TableHead>{t('displayLinks.columns.created')}</TableHead>
              <TableHead>{t('displayLinks.columns.lastUsed')}</TableHead>
              <TableHead>{t('displayLinks.columns.status')}</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">{t('displayLinks.columns.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((link) => (
              <TableRow key={link.id} data-testid="display-link-row" className={link.active ? undefined : 'text-muted-foreground'}>
                <TableCell className="font-medium text-foreground">{link.name}</TableCell>
                <TableCell>
                  {link.team?.name ?? t('displayLinks.wholeCompany')}
                  {/* A wall with a language of its own says so (decision 079); else it speaks the company's. */}
                  {link.language && <span className="block text-xs text-muted-foreground">{LANGUAGE_NAMES[link.language]}</span>}
                </TableCell>
                <TableCell>
                  <LinkPlaylistSelect link={link} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{format.date(link.createdAt)}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {link.lastUsedAt ? (
                    <time dateTime={link.lastUsedAt} title={format.dateTime(link.lastUsedAt)}>
                      {format.shortDateTime(link.lastUsedAt)}
                    </time>
                  ) : (
                    t('displayLinks.neverUsed')
                  )}
                </TableCell>
                <TableCell>
                  {link.active ? (
                    <Badge variant="success">{t('displayLinks.active')}</Badge>
                  ) : (
                    <Badge variant="secondary" title={link.revokedAt ? format.dateTime(link.revokedAt) : undefined}>
                      {t('displayLinks.revoked')}
                    </Badge>
                  )}
                </TableCell>
                <TableCell className="text-right">
                  {link.active && (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setToRevoke(link)}
                      aria-label={t('displayLinks.revokeNamed', { name: link.name })}
                    >
                      <BanIcon /> {t('displayLinks.revoke')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <RevokeDialog link={toRevoke} onClose={() => setToRevoke(null)} />
    </>
  );
}

/** Which playlist an active link's wall rotates through (decision 052); a revoked link just says. */
function LinkPlaylistSelect({ link }: { link: DisplayLink }) {
  const { t } = useTranslation('scoreboard');
  const playlists = useTvPlaylists().data?.playlists ?? [];
  const setPlaylist = useSetDisplayLinkPlaylist();
  if (!link.active) return <span>{link.playlist?.name ?? t('displayLinks.noPlaylist')}</span>;
  const value = link.playlist?.id ?? NO_PLAYLIST;
  return (
    <Select
      value={value}
      disabled={setPlaylist.isPending}
      onValueChange={(next) => {
        if (next === value) return;
        const playlistId = next === NO_PLAYLIST ? null : next;
        setPlaylist.mutate(
          { linkId: link.id, playlistId },
          {
            onSuccess: (saved) =>
              toast.success(
                saved.playlist
                  ? t('displayLinks.playlistSet', { name: saved.name, playlist: saved.playlist.name })
                  : t('displayLinks.playlistCleared', { name: saved.name }),
              ),
            onError: (error) => toast.error(t('displayLinks.playlistFailed'), { description: error.message }),
          },
        );
      }}
    >
      <SelectTrigger className="h-8 w-48" aria-label={t('displayLinks.playlistFor', { name: link.name })}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NO_PLAYLIST}>{t('displayLinks.noPlaylist')}</SelectItem>
        {/* A playlist just deleted may still be named on the link until the list is read again. */}
        {link.playlist && !playlists.some((p) => p.id === link.playlist?.id) && (
          <SelectItem value={link.playlist.id}>{link.playlist.name}</SelectItem>
        )}
        {playlists.map((playlist) => (
          <SelectItem key={playlist.id} value={playlist.id}>
            {playlist.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function RevokeDialog({ link, onClose }: { link: DisplayLink | null; onClose: () => void }) {
  const { t } = useTranslation('scoreboard');
  const revoke = useRevokeDisplayLink();
  const onConfirm = () => {
    if (!link) return;
    revoke.mutate(link.id, {
      onSuccess: () => {
        toast.success(t('displayLinks.revokedToast'), { description: t('displayLinks.revokedToastText', { name: link.name }) });
        onClose();
      },
      onError: (error) => toast.error(t('displayLinks.revokeFailed'), { description: error.message }),
    });
  };
  return (
    <Dialog open={link !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('displayLinks.revokeTitle', { name: link?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('displayLinks.revokeText')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('displayLinks.cancel')}
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={revoke.isPending}>
            <BanIcon /> {t('displayLinks.revokeConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CreatedLinkDialog({ created, onClose }: { created: CreatedDisplayLink | null; onClose: () => void }) {
  const { t } = useTranslation('scoreboard');
  const [copied, setCopied] = useState(false);
  const url = created ? buildDisplayUrl(created.token) : '';
  const inputId = useId();

  const onCopy = async () => {
    try {
      await copyText(url);
      setCopied(true);
      toast.success(t('displayLinks.copied'));
    } catch {
      // No clipboard at all (permission refused, an old browser): select the text for a manual copy.
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      toast.error(t('displayLinks.copyFailed'));
    }
  };

  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('displayLinks.createdTitle', { name: created?.link.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('displayLinks.createdText')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label htmlFor={inputId}>{t('displayLinks.urlLabel')}</Label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
              className="font-mono text-xs"
              data-testid="display-link-url"
            />
            <Button type="button" onClick={() => void onCopy()} variant={copied ? 'success' : 'default'}>
              {copied ? <CheckIcon /> : <CopyIcon />} {copied ? t('displayLinks.copiedShort') : t('displayLinks.copy')}
            </Button>
          </div>
        </div>
        <Alert variant="warning">
          <ShieldAlertIcon />
          <AlertTitle>{t('displayLinks.shownOnceTitle')}</AlertTitle>
          <AlertDescription>{t('displayLinks.shownOnceText')}</AlertDescription>
        </Alert>
        <DialogFooter>
          <Button variant="outline" asChild>
            <a href={url} target="_blank" rel="noopener noreferrer">
              <TvIcon /> {t('displayLinks.open')}
            </a>
          </Button>
          <Button
            onClick={() => {
              setCopied(false);
              onClose();
            }}
          >
            {t('displayLinks.done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

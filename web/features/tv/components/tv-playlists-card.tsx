import {
  RANK_BY,
  type RankBy,
  type SaveTvPlaylist,
  SaveTvPlaylistSchema,
  TV_KPI_METRICS,
  TV_PLAYLIST_MAX_SCREENS,
  TV_SCREEN_KINDS,
  TV_CONTEST_FOLLOWS,
  TV_SCREEN_SECONDS,
  type TvContestFollow,
  type TvKpiMetric,
  type TvPlaylist,
  type TvScreenInput,
  type TvScreenKind,
} from '@core/contracts';
import {
  ActivityIcon,
  ArrowDownIcon,
  ArrowUpIcon,
  CalendarDaysIcon,
  CalendarRangeIcon,
  GaugeIcon,
  ListVideoIcon,
  MegaphoneIcon,
  SwordsIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
  TrophyIcon,
  UsersIcon,
  XIcon,
  type LucideIcon,
} from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '@web/components/card-heading';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input, Textarea } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError } from '@web/lib/api';
import { useTeams } from '@web/lib/teams';
import { usePlaylistContests, useDeleteTvPlaylist, useSaveTvPlaylist, useTvPlaylists } from '../api/tv-playlists';

/** Each kind's icon, in the list and the editor. */
export const SCREEN_ICONS: Record<TvScreenKind, LucideIcon> = {
  leaderboard: TrophyIcon,
  team: UsersIcon,
  week: CalendarRangeIcon,
  month: CalendarDaysIcon,
  kpi: GaugeIcon,
  message: MegaphoneIcon,
  contest: SwordsIcon,
  feed: ActivityIcon,
};

/** A screen being edited: every kind's fields at once, so switching kind keeps what was typed. */
type DraftScreen = {
  key: string;
  id?: string;
  kind: TvScreenKind;
  durationSeconds: string;
  rankBy: RankBy;
  teamId: string;
  metric: TvKpiMetric;
  title: string;
  text: string;
  contestId: string;
  /** A contest screen: the chosen contest's current round, or whatever runs (decision 087). */
  follow: TvContestFollow;
};

let draftSerial = 0;
function newDraft(kind: TvScreenKind = 'leaderboard', over: Partial<DraftScreen> = {}): DraftScreen {
  draftSerial += 1;
  return {
    key: `screen-${draftSerial}`,
    kind,
    durationSeconds: String(TV_SCREEN_SECONDS.default),
    rankBy: 'points',
    teamId: '',
    metric: 'calls',
    title: '',
    text: '',
    contestId: '',
    follow: 'contest',
    ...over,
  };
}

function toDraft(screen: TvPlaylist['screens'][number]): DraftScreen {
  return newDraft(screen.kind, {
    id: screen.id,
    durationSeconds: String(screen.durationSeconds),
    ...('rankBy' in screen && screen.rankBy ? { rankBy: screen.rankBy } : {}),
    ...(screen.kind === 'team' ? { teamId: screen.teamId } : {}),
    ...(screen.kind === 'kpi' ? { metric: screen.metric } : {}),
    ...(screen.kind === 'message' ? { title: screen.title ?? '', text: screen.text } : {}),
    ...(screen.kind === 'contest' ? { contestId: screen.contestId ?? '', follow: screen.follow ?? 'contest' } : {}),
  });
}

/** What the API takes for a draft: only its kind's fields (the contract refuses the others). */
function toInput(draft: DraftScreen): TvScreenInput {
  const base = { ...(draft.id ? { id: draft.id } : {}), durationSeconds: Number(draft.durationSeconds) };
  // Points is the default ranking: it is left out rather than stored.
  const rank = draft.rankBy === 'points' ? {} : { rankBy: draft.rankBy };
  switch (draft.kind) {
    case 'leaderboard':
    case 'week':
    case 'month':
      return { kind: draft.kind, ...base, ...rank };
    case 'team':
      return { kind: 'team', ...base, ...rank, teamId: draft.teamId };
    case 'kpi':
      return { kind: 'kpi', ...base, metric: draft.metric };
    case 'message':
      return { kind: 'message', ...base, text: draft.text, ...(draft.title.trim() ? { title: draft.title } : {}) };
    case 'feed':
      return { kind: 'feed', ...base };
    case 'contest':
      return draft.follow === 'running'
        ? { kind: 'contest', ...base, follow: 'running' }
        : { kind: 'contest', ...base, contestId: draft.contestId };
  }
}

/** Admin → Integrations: the playlists a display link can rotate through (decision 052). */
export function TvPlaylistsCard() {
  const { t } = useTranslation('scoreboard');
  const playlists = useTvPlaylists();
  const [editing, setEditing] = useState<TvPlaylist | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<TvPlaylist | null>(null);
  const remove = useDeleteTvPlaylist();

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex items-center gap-2">
            <ListVideoIcon className="size-5 text-primary" aria-hidden />
            <CardHeading>{t('playlists.title')}</CardHeading>
          </div>
          <CardDescription className="max-w-3xl">{t('playlists.description')}</CardDescription>
        </div>
        <Button onClick={() => setEditing('new')}>
          <PlusIcon /> {t('playlists.create')}
        </Button>
      </CardHeader>
      <CardContent>
        {playlists.isError && !playlists.data ? (
          <LoadError title={t('playlists.loadFailed')} error={playlists.error} onRetry={playlists.refetch} layout="stacked" />
        ) : playlists.isPending ? (
          <div className="flex flex-col gap-2" aria-hidden>
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : playlists.data.playlists.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
            <ListVideoIcon className="size-6 text-muted-foreground" aria-hidden />
            <p className="text-sm font-medium">{t('playlists.emptyTitle')}</p>
            <p className="max-w-md text-sm text-muted-foreground">{t('playlists.emptyText')}</p>
          </div>
        ) : (
          <ul className="flex flex-col divide-y rounded-lg border" aria-label={t('playlists.title')}>
            {playlists.data.playlists.map((playlist) => (
              <li key={playlist.id} data-testid="tv-playlist-row" className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="flex min-w-0 flex-col gap-1.5">
                  <p className="font-medium">{playlist.name}</p>
                  <div className="flex flex-wrap items-center gap-1.5">
                    {playlist.screens.map((screen) => {
                      const Icon = SCREEN_ICONS[screen.kind];
                      return (
                        <Badge key={screen.id} variant="secondary" className="gap-1 font-normal">
                          <Icon className="size-3.5" aria-hidden />
                          {t(`playlists.kinds.${screen.kind}`)} · {t('playlists.seconds', { count: screen.durationSeconds })}
                        </Badge>
                      );
                    })}
                    <span className="text-xs text-muted-foreground">
                      {t('playlists.round', { count: playlist.screens.reduce((sum, s) => sum + s.durationSeconds, 0) })}
                    </span>
                  </div>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setEditing(playlist)}
                    aria-label={t('playlists.editNamed', { name: playlist.name })}
                  >
                    <PencilIcon /> {t('playlists.edit')}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setToDelete(playlist)}
                    aria-label={t('playlists.deleteNamed', { name: playlist.name })}
                  >
                    <Trash2Icon /> {t('playlists.delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {editing !== null && <PlaylistEditor playlist={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('playlists.deleteTitle', { name: toDelete?.name ?? '' })}
        description={t('playlists.deleteText')}
        confirmLabel={t('playlists.deleteConfirm')}
        busyLabel={t('playlists.deleting')}
        isBusy={remove.isPending}
        isDestructive
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              toast.success(t('playlists.deleted', { name: toDelete.name }));
              setToDelete(null);
            },
            onError: (error) => toast.error(t('playlists.deleteFailed'), { description: error.message }),
          });
        }}
      />
    </Card>
  );
}

/** Makes or edits a playlist: its name and screens, in order, each with its seconds. */
function PlaylistEditor({ playlist, onClose }: { playlist: TvPlaylist | null; onClose: () => void }) {
  const { t } = useTranslation('scoreboard');
  const save = useSaveTvPlaylist();
  const [name, setName] = useState(playlist?.name ?? '');
  const [screens, setScreens] = useState<DraftScreen[]>(() => (playlist ? playlist.screens.map(toDraft) : [newDraft('leaderboard')]));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const nameId = useId();
  const nameErrorId = useId();

  // A field's error goes as soon as the field changes (the next save checks everything again).
  const forget = (prefix: string) =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !path.startsWith(prefix))));
  const update = (key: string, change: Partial<DraftScreen>) => {
    const index = screens.findIndex((screen) => screen.key === key);
    for (const field of Object.keys(change)) forget(`screens.${index}.${field}`);
    setScreens((current) => current.map((screen) => (screen.key === key ? { ...screen, ...change } : screen)));
  };
  const move = (index: number, by: -1 | 1) =>
    setScreens((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: SaveTvPlaylist = { name, screens: screens.map(toInput) };
    const parsed = SaveTvPlaylistSchema.safeParse(input);
    if (!parsed.success) {
      // Field errors by path: "name", "screens", "screens.2.text".
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.length > 2 ? issue.path.slice(0, 3).join('.') : issue.path.join('.');
        found[path] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { ...parsed.data, ...(playlist ? { id: playlist.id } : {}) },
      {
        onSuccess: (saved) => {
          toast.success(t(playlist ? 'playlists.savedToast' : 'playlists.createdToast', { name: saved.name }));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.details) setErrors(error.details);
          toast.error(t('playlists.saveFailed'), { description: error.message });
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <DialogHeader>
            <DialogTitle>{playlist ? t('playlists.editTitle', { name: playlist.name }) : t('playlists.createTitle')}</DialogTitle>
            <DialogDescription>{t('playlists.editorText')}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={nameId}>{t('playlists.nameLabel')}</Label>
            <Input
              id={nameId}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                forget('name');
              }}
              placeholder={t('playlists.namePlaceholder')}
              maxLength={80}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? nameErrorId : undefined}
            />
            <FieldError id={nameErrorId}>{errors.name && t('playlists.nameRequired')}</FieldError>
          </div>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium">{t('playlists.screensLabel')}</legend>
            <ol className="flex flex-col gap-3">
              {screens.map((screen, index) => (
                <ScreenEditor
                  key={screen.key}
                  screen={screen}
                  index={index}
                  count={screens.length}
                  errors={errors}
                  onChange={(change) => update(screen.key, change)}
                  onMove={(by) => move(index, by)}
                  onRemove={() => setScreens((current) => current.filter((s) => s.key !== screen.key))}
                />
              ))}
            </ol>
            {errors.screens && (
              <p className="text-sm text-destructive">{t('playlists.screensRequired', { max: TV_PLAYLIST_MAX_SCREENS })}</p>
            )}
            <Button
              type="button"
              variant="outline"
              className="self-start"
              disabled={screens.length >= TV_PLAYLIST_MAX_SCREENS}
              onClick={() => setScreens((current) => [...current, newDraft('week')])}
            >
              <PlusIcon /> {t('playlists.addScreen')}
            </Button>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              {t('displayLinks.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('playlists.saving') : t('playlists.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ScreenEditor({
  screen,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  screen: DraftScreen;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (change: Partial<DraftScreen>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('scoreboard');
  const teams = useTeams().data?.teams ?? [];
  // A contest screen offers the running and upcoming contests (and keeps one already chosen).
  const contests = (usePlaylistContests(screen.kind === 'contest').data?.contests ?? []).filter(
    (contest) => contest.phase !== 'past' || contest.id === screen.contestId,
  );
  const id = useId();
  const at = (field: string) => errors[`screens.${index}.${field}`];
  const position = index + 1;
  const Icon = SCREEN_ICONS[screen.kind];
  const hasRanking = screen.kind === 'leaderboard' || screen.kind === 'team' || screen.kind === 'week' || screen.kind === 'month';
  return (
    <li data-testid="tv-playlist-screen" className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3">
      <div className="flex flex-wrap items-end gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary" aria-hidden>
          <Icon className="size-4" />
        </span>
        <div className="flex min-w-40 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-kind`}>{t('playlists.kindLabel', { position })}</Label>
          <Select value={screen.kind} onValueChange={(kind) => onChange({ kind: kind as TvScreenKind })}>
            <SelectTrigger id={`${id}-kind`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TV_SCREEN_KINDS.map((kind) => (
                <SelectItem key={kind} value={kind}>
                  {t(`playlists.kinds.${kind}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex w-28 flex-col gap-1.5">
          <Label htmlFor={`${id}-seconds`}>{t('playlists.secondsLabel', { position })}</Label>
          <Input
            id={`${id}-seconds`}
            type="number"
            inputMode="numeric"
            min={TV_SCREEN_SECONDS.min}
            max={TV_SCREEN_SECONDS.max}
            value={screen.durationSeconds}
            onChange={(e) => onChange({ durationSeconds: e.target.value })}
            aria-invalid={at('durationSeconds') ? true : undefined}
          />
        </div>
        <div className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={t('playlists.moveUp', { position })}
          >
            <ArrowUpIcon />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={t('playlists.moveDown', { position })}
          >
            <ArrowDownIcon />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            disabled={count === 1}
            onClick={onRemove}
            aria-label={t('playlists.remove', { position })}
          >
            <XIcon />
          </Button>
        </div>
      </div>
      {at('durationSeconds') && (
        <p className="text-sm text-destructive">
          {t('playlists.secondsRange', { min: TV_SCREEN_SECONDS.min, max: TV_SCREEN_SECONDS.max })}
        </p>
      )}
      {(hasRanking || screen.kind === 'kpi' || screen.kind === 'contest') && (
        <div className="flex flex-wrap gap-3">
          {screen.kind === 'contest' && (
            <div className="flex min-w-40 flex-1 flex-col gap-1.5">
              <Label htmlFor={`${id}-follow`}>{t('playlists.followLabel')}</Label>
              <Select value={screen.follow} onValueChange={(follow) => onChange({ follow: follow as TvContestFollow })}>
                <SelectTrigger id={`${id}-follow`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TV_CONTEST_FOLLOWS.map((follow) => (
                    <SelectItem key={follow} value={follow}>
                      {t(`playlists.follow.${follow}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p className="text-xs text-muted-foreground">{t(`playlists.followHint.${screen.follow}`)}</p>
            </div>
          )}
          {screen.kind === 'contest' && screen.follow === 'contest' && (
            <div className="flex min-w-40 flex-1 flex-col gap-1.5">
              <Label htmlFor={`${id}-contest`}>{t('playlists.contestLabel')}</Label>
              <Select value={screen.contestId} onValueChange={(contestId) => onChange({ contestId })}>
                <SelectTrigger id={`${id}-contest`} aria-invalid={at('contestId') ? true : undefined}>
                  <SelectValue placeholder={contests.length === 0 ? t('playlists.noContests') : t('playlists.pickContest')} />
                </SelectTrigger>
                <SelectContent>
                  {contests.map((contest) => (
                    <SelectItem key={contest.id} value={contest.id}>
                      {contest.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {at('contestId') && <p className="text-sm text-destructive">{t('playlists.contestRequired')}</p>}
            </div>
          )}
          {screen.kind === 'team' && (
            <div className="flex min-w-40 flex-1 flex-col gap-1.5">
              <Label htmlFor={`${id}-team`}>{t('playlists.teamLabel')}</Label>
              <Select value={screen.teamId} onValueChange={(teamId) => onChange({ teamId })}>
                <SelectTrigger id={`${id}-team`} aria-invalid={at('teamId') ? true : undefined}>
                  <SelectValue placeholder={teams.length === 0 ? t('playlists.noTeams') : t('playlists.pickTeam')} />
                </SelectTrigger>
                <SelectContent>
                  {teams.map((team) => (
                    <SelectItem key={team.id} value={team.id}>
                      {team.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {at('teamId') && <p className="text-sm text-destructive">{t('playlists.teamRequired')}</p>}
            </div>
          )}
          {screen.kind === 'kpi' && (
            <div className="flex min-w-40 flex-1 flex-col gap-1.5">
              <Label htmlFor={`${id}-metric`}>{t('playlists.metricLabel')}</Label>
              <Select value={screen.metric} onValueChange={(metric) => onChange({ metric: metric as TvKpiMetric })}>
                <SelectTrigger id={`${id}-metric`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TV_KPI_METRICS.map((metric) => (
                    <SelectItem key={metric} value={metric}>
                      {t(`tv.kpi.${metric}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
          {hasRanking && (
            <div className="flex min-w-40 flex-1 flex-col gap-1.5">
              <Label htmlFor={`${id}-rank`}>{t('playlists.rankByLabel')}</Label>
              <Select value={screen.rankBy} onValueChange={(rankBy) => onChange({ rankBy: rankBy as RankBy })}>
                <SelectTrigger id={`${id}-rank`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {RANK_BY.map((rankBy) => (
                    <SelectItem key={rankBy} value={rankBy}>
                      {t(`playlists.rankBy.${rankBy}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
        </div>
      )}
      {screen.kind === 'message' && (
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-title`}>{t('playlists.messageTitleLabel')}</Label>
            <Input
              id={`${id}-title`}
              value={screen.title}
              maxLength={80}
              placeholder={t('playlists.messageTitlePlaceholder')}
              onChange={(e) => onChange({ title: e.target.value })}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-text`}>{t('playlists.messageLabel')}</Label>
            <Textarea
              id={`${id}-text`}
              value={screen.text}
              maxLength={280}
              rows={3}
              placeholder={t('playlists.messagePlaceholder')}
              onChange={(e) => onChange({ text: e.target.value })}
              aria-invalid={at('text') ? true : undefined}
            />
            {at('text') && <p className="text-sm text-destructive">{t('playlists.messageRequired')}</p>}
          </div>
        </div>
      )}
    </li>
  );
}

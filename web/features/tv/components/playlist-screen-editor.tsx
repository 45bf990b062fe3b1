import {
  RANK_BY,
  type RankBy,
  TV_KPI_METRICS,
  TV_SCREEN_KINDS,
  TV_CONTEST_FOLLOWS,
  TV_SCREEN_SECONDS,
  type TvContestFollow,
  type TvKpiMetric,
  type TvPlaylist,
  type TvScreenInput,
  type TvScreenKind,
} from '@core/contracts';
import { ArrowDownIcon, ArrowUpIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Input, Textarea } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { useTeams } from '@web/lib/teams';
import { usePlaylistBoards, usePlaylistContests } from '../api/tv-playlists';
import { TV_SCREEN_ICONS } from '../lib/screen-icons';

/*
 * One screen of a TV playlist as the admin edits it (decision 052): the draft that keeps every
 * kind's fields while the kind is switched, what the API takes for it, and its editor's fields.
 */

/** A screen being edited: every kind's fields at once, so switching kind keeps what was typed. */
export type DraftScreen = {
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
  /** A board screen's board (decision 102). */
  boardId: string;
  /** A contest screen: the chosen contest's current round, or whatever runs (decision 087). */
  follow: TvContestFollow;
};

let draftSerial = 0;
export function newDraft(kind: TvScreenKind = 'leaderboard', over: Partial<DraftScreen> = {}): DraftScreen {
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
    boardId: '',
    follow: 'contest',
    ...over,
  };
}

export function toDraft(screen: TvPlaylist['screens'][number]): DraftScreen {
  return newDraft(screen.kind, {
    id: screen.id,
    durationSeconds: String(screen.durationSeconds),
    ...('rankBy' in screen && screen.rankBy ? { rankBy: screen.rankBy } : {}),
    ...(screen.kind === 'team' ? { teamId: screen.teamId } : {}),
    ...(screen.kind === 'kpi' ? { metric: screen.metric } : {}),
    ...(screen.kind === 'message' ? { title: screen.title ?? '', text: screen.text } : {}),
    ...(screen.kind === 'contest' ? { contestId: screen.contestId ?? '', follow: screen.follow ?? 'contest' } : {}),
    ...(screen.kind === 'board' ? { boardId: screen.boardId } : {}),
  });
}

/** What the API takes for a draft: only its kind's fields (the contract refuses the others). */
export function toInput(draft: DraftScreen): TvScreenInput {
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
    case 'board':
      return { kind: 'board', ...base, boardId: draft.boardId };
    case 'contest':
      return draft.follow === 'running'
        ? { kind: 'contest', ...base, follow: 'running' }
        : { kind: 'contest', ...base, contestId: draft.contestId };
  }
}

/** One screen's fields in the playlist editor: its kind, seconds and what the kind needs, moved up or down or removed. */
export function ScreenEditor({
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
  const boards = usePlaylistBoards(screen.kind === 'board').data ?? [];
  const id = useId();
  const at = (field: string) => errors[`screens.${index}.${field}`];
  const position = index + 1;
  const Icon = TV_SCREEN_ICONS[screen.kind];
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
      {screen.kind === 'board' && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-board`}>{t('playlists.boardLabel')}</Label>
          <Select value={screen.boardId} onValueChange={(boardId) => onChange({ boardId })}>
            <SelectTrigger id={`${id}-board`} aria-invalid={at('boardId') ? true : undefined}>
              <SelectValue placeholder={boards.length === 0 ? t('playlists.noBoards') : t('playlists.pickBoard')} />
            </SelectTrigger>
            <SelectContent>
              {boards.map((board) => (
                <SelectItem key={board.id} value={board.id}>
                  {board.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {at('boardId') ? (
            <p className="text-sm text-destructive">{screen.boardId ? at('boardId') : t('playlists.boardRequired')}</p>
          ) : (
            <p className="text-xs text-muted-foreground">{t('playlists.boardHint')}</p>
          )}
        </div>
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

import type { RankBy } from '@core/contracts';
import { DEFAULT_TIME_ZONE } from '@core/period';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { BrandSkeleton } from '@web/components/brand-skeleton';
import { changeLanguage, normalizeLanguage } from '@web/i18n';
import { ApiRequestError } from '@web/lib/api';
import { useAuth } from '@web/lib/auth/auth-provider';
import { paths } from '@web/lib/paths';
import { useLeaderboard } from '@web/lib/queries/get-leaderboard';
import { useRankBy } from '@web/lib/rank-by';
import { getRecentBadgesQueryOptions } from '@web/lib/queries/get-recent-badges';
import { useTeamFilter } from '@web/lib/teams';
import { RealtimeProvider, useRealtimeStatus } from '@web/lib/realtime-provider';
import { getDisplayEventsUrl, isDisplayLinkGone, useDisplayLeaderboard } from '../api/get-display-leaderboard';
import { useDisplayPlaylist } from '../api/get-display-playlist';
import { TvPlaylist } from '../components/tv-playlist';
import { TV_BOARD_SIZE, TvScreen } from '../components/tv-screen';

/**
 * A safety net under the live stream: a wall screen that lost its stream without noticing
 * (a sleeping proxy, a Wi-Fi hiccup) still catches up within a minute.
 */
const TV_REFRESH_MS = 60_000;

/**
 * /tv: the wall leaderboard. Signed in, it reads the member's company; with ?display={token}
 * (a display link made by an admin) it needs no sign-in and reads the link's board and stream.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('display');
  if (token) return <DisplayLinkTv token={token} />;
  return <SignedInTv />;
}

function SignedInTv() {
  const { user, me, isLoading, isProvisioning } = useAuth();
  if (isLoading || (user && isProvisioning)) return <BrandSkeleton />;
  if (!user) return <Navigate to={paths.auth({ next: paths.tv })} replace />;
  if (!me?.onboarding.hasCompany) return <Navigate to={paths.awaitingAssignment} replace />;
  return (
    <RealtimeProvider timeZone={me.company?.timezone}>
      <MemberTv companyName={me.company?.name} timeZone={me.company?.timezone ?? DEFAULT_TIME_ZONE} currency={me.company?.currency} />
    </RealtimeProvider>
  );
}

function MemberTv({ companyName, timeZone, currency }: { companyName?: string; timeZone: string; currency?: string }) {
  const { t } = useTranslation('scoreboard');
  // A signed-in wall screen opened from a filtered dashboard shows that team (?team=, decision 040).
  const { teamId } = useTeamFilter();
  // ... and ranked as there (?rankBy=, decision 053).
  const { rankBy } = useRankBy();
  const board = useLeaderboard(
    { period: 'today', sort: 'points', limit: TV_BOARD_SIZE, activeOnly: true, teamId, rankBy },
    { refetchInterval: TV_REFRESH_MS },
  );
  const recentBadges = useQuery(getRecentBadgesQueryOptions());
  const failed = board.isError && !board.data;
  const status = useRealtimeStatus();
  return (
    <TvScreen
      isReconnecting={status === 'reconnecting'}
      updatedAt={board.dataUpdatedAt}
      rows={board.data?.rows}
      isPending={board.isPending}
      errorMessage={failed ? describeError(board.error, t('tv.failed')) : null}
      isStale={board.isError && Boolean(board.data)}
      companyName={companyName}
      timeZone={timeZone}
      currency={currency}
      rankBy={board.data?.rankBy ?? rankBy}
      badges={recentBadges.data?.members}
    />
  );
}

function DisplayLinkTv({ token }: { token: string }) {
  const { rankBy } = useRankBy();
  const board = useDisplayLeaderboard(token, { refetchInterval: TV_REFRESH_MS, rankBy });
  // The wall speaks its link's language, else its company's (decision 079), whatever the TV's
  // browser is set to; with neither chosen it follows the browser.
  const language = board.data?.language;
  const { i18n } = useTranslation();
  useEffect(() => {
    if (language && normalizeLanguage(i18n.language) !== language) void changeLanguage(language);
  }, [language, i18n]);
  // An unknown or revoked link ends the board at once, even with an older board in memory.
  const isGone = isDisplayLinkGone(board.error);
  return (
    // The link's own stream, opened once the link has answered and closed as soon as it is gone:
    // one stream for the whole playlist, whichever screen is on (decision 052).
    <RealtimeProvider url={getDisplayEventsUrl(token)} enabled={Boolean(board.data) && !isGone} viewer="screen">
      <DisplayLinkWall token={token} board={board} isGone={isGone} rankBy={rankBy} />
    </RealtimeProvider>
  );
}

function DisplayLinkWall({
  token,
  board,
  isGone,
  rankBy,
}: {
  token: string;
  board: ReturnType<typeof useDisplayLeaderboard>;
  isGone: boolean;
  /** The link's own board's ranking (?rankBy=, decision 053); a playlist's screens choose their own. */
  rankBy: RankBy;
}) {
  const { t } = useTranslation('scoreboard');
  const status = useRealtimeStatus();
  const playlist = useDisplayPlaylist(token, { enabled: Boolean(board.data) && !isGone, refetchInterval: TV_REFRESH_MS });
  const failed = board.isError && (!board.data || isGone);
  const frame = {
    // Today's board feeds the celebrations on every screen of a playlist, too.
    rows: board.data?.rows,
    isPending: board.isPending,
    errorMessage: failed ? (isGone ? t('tv.linkRevoked') : describeError(board.error, t('tv.failed'))) : null,
    isStale: board.isError && !failed,
    isReconnecting: status === 'reconnecting',
    updatedAt: board.dataUpdatedAt,
    // A team's link names its team beside the company ("Nordlys Salg AS · Oslo").
    companyName: board.data && (board.data.team ? `${board.data.company.name} · ${board.data.team.name}` : board.data.company.name),
    linkName: board.data?.linkName,
    // The celebrations and reactions of this link (decision 051) are read with its token.
    displayToken: token,
    timeZone: board.data?.company.timezone ?? DEFAULT_TIME_ZONE,
    currency: board.data?.company.currency,
    rankBy: board.data?.rankBy ?? rankBy,
    badges: board.data?.badges,
  };
  const screens = playlist.data?.playlist?.screens;
  if (!failed && screens && screens.length > 0) return <TvPlaylist token={token} screens={screens} {...frame} />;
  return <TvScreen {...frame} />;
}

function describeError(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.message ? error.message : fallback;
}

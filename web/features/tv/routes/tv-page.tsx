import { DEFAULT_TIME_ZONE } from '@core/period';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { BrandSkeleton } from '@web/components/brand-skeleton';
import { ApiRequestError } from '@web/lib/api';
import { useAuth } from '@web/lib/auth/auth-provider';
import { paths } from '@web/lib/paths';
import { useLeaderboard } from '@web/lib/queries/get-leaderboard';
import { useTeamFilter } from '@web/lib/teams';
import { RealtimeProvider } from '@web/lib/realtime-provider';
import { getDisplayEventsUrl, isDisplayLinkGone, useDisplayLeaderboard } from '../api/get-display-leaderboard';
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
      <MemberTv companyName={me.company?.name} timeZone={me.company?.timezone ?? DEFAULT_TIME_ZONE} />
    </RealtimeProvider>
  );
}

function MemberTv({ companyName, timeZone }: { companyName?: string; timeZone: string }) {
  const { t } = useTranslation('scoreboard');
  // A signed-in wall screen opened from a filtered dashboard shows that team (?team=, decision 040).
  const { teamId } = useTeamFilter();
  const board = useLeaderboard(
    { period: 'today', sort: 'points', limit: TV_BOARD_SIZE, activeOnly: true, teamId },
    { refetchInterval: TV_REFRESH_MS },
  );
  const failed = board.isError && !board.data;
  return (
    <TvScreen
      rows={board.data?.rows}
      isPending={board.isPending}
      errorMessage={failed ? describeError(board.error, t('tv.failed')) : null}
      isStale={board.isError && Boolean(board.data)}
      companyName={companyName}
      timeZone={timeZone}
    />
  );
}

function DisplayLinkTv({ token }: { token: string }) {
  const { t } = useTranslation('scoreboard');
  const board = useDisplayLeaderboard(token, { refetchInterval: TV_REFRESH_MS });
  // An unknown or revoked link ends the board at once, even with an older board in memory.
  const isGone = isDisplayLinkGone(board.error);
  const failed = board.isError && (!board.data || isGone);
  return (
    // The link's own stream, opened once the link has answered and closed as soon as it is gone.
    <RealtimeProvider url={getDisplayEventsUrl(token)} enabled={Boolean(board.data) && !isGone} viewer="screen">
      <TvScreen
        rows={board.data?.rows}
        isPending={board.isPending}
        errorMessage={failed ? (isGone ? t('tv.linkRevoked') : describeError(board.error, t('tv.failed'))) : null}
        isStale={board.isError && !failed}
        companyName={board.data?.company.name}
        linkName={board.data?.linkName}
        timeZone={board.data?.company.timezone ?? DEFAULT_TIME_ZONE}
      />
    </RealtimeProvider>
  );
}

function describeError(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.message ? error.message : fallback;
}

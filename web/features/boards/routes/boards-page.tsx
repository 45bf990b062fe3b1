import { LayoutGridIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { paths } from '@web/lib/paths';
import { useTeams } from '@web/lib/teams';
import { useBoards } from '../api/get-boards';
import { BoardSettingsDialog } from '../components/board-settings-dialog';

/** Boards (decision 102): the ones the viewer may see, and a new one of their own. */
export function Component() {
  const { t } = useTranslation('scoreboard');
  const navigate = useNavigate();
  const boards = useBoards();
  const teams = useTeams().data?.teams ?? [];
  const [creating, setCreating] = useState(false);
  const list = boards.data?.boards ?? [];
  const newButton = (
    <Button onClick={() => setCreating(true)}>
      <PlusIcon /> {t('boards.new')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('boards.title')} description={t('boards.description')} actions={list.length > 0 && newButton} />
      {boards.isError && !boards.data ? (
        <LoadError title={t('boards.loadFailed')} error={boards.error} onRetry={() => void boards.refetch()} layout="stacked" />
      ) : boards.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-busy="true" aria-label={t('boards.loading')}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <EmptyState icon={LayoutGridIcon} title={t('boards.emptyTitle')} description={t('boards.emptyText')} action={newButton} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('boards.title')}>
          {list.map((board) => (
            <li key={board.id}>
              <Link
                to={paths.app.board(board.id)}
                className="flex h-full flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="flex items-center gap-3">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary" aria-hidden>
                    <LayoutGridIcon className="size-4" />
                  </span>
                  <span className="min-w-0 truncate font-medium">{board.name}</span>
                </span>
                <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <Badge variant="secondary">
                    {t(`boards.sharing.${board.sharing}`, {
                      team: teams.find((team) => team.id === board.teamId)?.name ?? t('boards.team'),
                    })}
                  </Badge>
                  {t('boards.widgetCount', { count: board.widgets.length })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {creating && (
        <BoardSettingsDialog board={null} onOpenChange={setCreating} onSaved={(board) => void navigate(paths.app.board(board.id))} />
      )}
    </>
  );
}

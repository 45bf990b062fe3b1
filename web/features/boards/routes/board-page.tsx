import { type Board, BOARD_WIDGETS_MAX, type BoardWidget } from '@core/contracts';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  LayoutGridIcon,
  PencilIcon,
  PinIcon,
  PinOffIcon,
  PlusIcon,
  SettingsIcon,
  Trash2Icon,
  XIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError, findErrorReason } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { paths } from '@web/lib/paths';
import { useKpis } from '@web/lib/queries/get-kpis';
import { useTeams } from '@web/lib/teams';
import { useDeleteBoard } from '../api/delete-board';
import { useBoard } from '../api/get-board';
import { useSaveBoard } from '../api/save-board';
import { useSetHomeBoard } from '../api/set-home-board';
import { BoardSettingsDialog } from '../components/board-settings-dialog';
import { useAppWidgetContext, useWidgetTitle, WidgetBody, WidgetFrame } from '@web/components/boards/board-widgets';
import { WidgetDialog } from '../components/widget-dialog';
import { nameWidgets } from '../lib/widget-names';

/** A widget's width on a desktop: a third, half or the whole row of the grid; one column on a phone. */
const SPAN = { small: 'lg:col-span-2', medium: 'lg:col-span-3', large: 'md:col-span-2 lg:col-span-6' } as const;

/**
 * One board (decision 102): its widgets in a grid, live like every board. Its owner, an admin or
 * its team's lead edits it in place: add, change, move and remove widgets (each change saves the
 * board), rename it or change who sees it, or delete it. Anyone who sees it may open the app on it
 * instead of the dashboard (the dashboard sends them here), and still reach the dashboard from it.
 */
export function Component() {
  const { id = '' } = useParams();
  const { t } = useTranslation('scoreboard');
  const navigate = useNavigate();
  const board = useBoard(id);
  const kpis = useKpis().data?.kpis ?? [];
  const teams = useTeams().data?.teams ?? [];
  const save = useSaveBoard();
  const remove = useDeleteBoard();
  const home = useSetHomeBoard(id);
  const context = useAppWidgetContext(kpis, board.data?.teamId ?? undefined);
  const title = useWidgetTitle(board.data?.widgets ?? [], context);
  const [editing, setEditing] = useState(false);
  const [widgetOpen, setWidgetOpen] = useState<BoardWidget | 'new' | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  if (board.isError && !board.data) {
    const missing = board.error instanceof ApiRequestError && board.error.status === 404;
    return missing ? (
      <EmptyState icon={LayoutGridIcon} title={t('boards.notFound')} description="" />
    ) : (
      <LoadError title={t('boards.loadFailed')} error={board.error} onRetry={() => void board.refetch()} layout="stacked" />
    );
  }
  if (!board.data) {
    return (
      <div className="space-y-4" role="status" aria-busy="true" aria-label={t('boards.loading')}>
        <Skeleton className="h-8 w-64" />
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-36 w-full" />
          ))}
        </div>
      </div>
    );
  }
  const current: Board = board.data;
  const toolNames = nameWidgets(
    current.widgets.map((widget) => ({ title: title(widget, kpis), kind: widget.kind })),
    (kind) => t(`boards.kinds.${kind}`),
  );
  const teamName = teams.find((team) => team.id === current.teamId)?.name ?? t('boards.team');

  const saveWidgets = async (widgets: BoardWidget[]) => {
    try {
      await save.mutateAsync({ id: current.id, input: { name: current.name, sharing: current.sharing, teamId: current.teamId, widgets } });
      return true;
    } catch (error) {
      toast.error(t('boards.saveFailed'), { description: findErrorReason(error) });
      return false;
    }
  };
  const move = (index: number, by: number) => {
    const widgets = [...current.widgets];
    const [widget] = widgets.splice(index, 1);
    widgets.splice(index + by, 0, widget!);
    void saveWidgets(widgets);
  };
  const toggleHome = async () => {
    try {
      const saved = await home.mutateAsync(!current.isHome);
      toast.success(saved.isHome ? t('boards.homeSet') : t('boards.homeCleared'));
    } catch (error) {
      toast.error(t('boards.saveFailed'), { description: findErrorReason(error) });
    }
  };
  const onDelete = async () => {
    try {
      await remove.mutateAsync(current.id);
      toast.success(t('boards.deleted'));
      void navigate('/app/boards');
    } catch (error) {
      toast.error(t('boards.saveFailed'), { description: findErrorReason(error) });
    }
  };

  return (
    <>
      <PageHeader
        title={current.name}
        description={<Badge variant="secondary">{t(`boards.sharing.${current.sharing}`, { team: teamName })}</Badge>}
        actions={
          editing && current.canEdit ? (
            <>
              <Button variant="outline" onClick={() => setSettingsOpen(true)}>
                <SettingsIcon /> {t('boards.settings')}
              </Button>
              <Button variant="outline" onClick={() => setWidgetOpen('new')} disabled={current.widgets.length >= BOARD_WIDGETS_MAX}>
                <PlusIcon /> {t('boards.addWidget')}
              </Button>
              <Button onClick={() => setEditing(false)}>{t('boards.done')}</Button>
            </>
          ) : (
            <>
              {current.isHome && (
                <Button variant="ghost" asChild>
                  <Link to={paths.app.dashboardAlias}>{t('boards.standardDashboard')}</Link>
                </Button>
              )}
              <Button variant="outline" aria-pressed={current.isHome} onClick={() => void toggleHome()} disabled={home.isPending}>
                {current.isHome ? <PinOffIcon /> : <PinIcon />} {current.isHome ? t('boards.homeClear') : t('boards.homeSetButton')}
              </Button>
              {current.canEdit && (
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <PencilIcon /> {t('boards.edit')}
                </Button>
              )}
            </>
          )
        }
      />
      {current.widgets.length === 0 ? (
        <EmptyState
          icon={LayoutGridIcon}
          title={t('boards.emptyBoard')}
          description={current.canEdit ? t('boards.emptyBoardEdit') : ''}
          action={
            current.canEdit && (
              <Button
                onClick={() => {
                  setEditing(true);
                  setWidgetOpen('new');
                }}
              >
                <PlusIcon /> {t('boards.addWidget')}
              </Button>
            )
          }
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-6">
          {current.widgets.map((widget, index) => {
            const name = title(widget, kpis);
            const toolName = toolNames[index] ?? name;
            return (
              <WidgetFrame
                key={widget.id}
                title={name}
                period={widget.kind === 'feed' || widget.kind === 'contest' ? null : widget.period}
                className={cn(SPAN[widget.size], editing && 'ring-2 ring-primary/30')}
                tools={
                  editing && (
                    <div className="flex shrink-0 gap-0.5">
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        aria-label={t('boards.moveUp', { name: toolName })}
                        disabled={index === 0 || save.isPending}
                        onClick={() => move(index, -1)}
                      >
                        <ArrowUpIcon />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        aria-label={t('boards.moveDown', { name: toolName })}
                        disabled={index === current.widgets.length - 1 || save.isPending}
                        onClick={() => move(index, 1)}
                      >
                        <ArrowDownIcon />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        aria-label={t('boards.editNamed', { name: toolName })}
                        onClick={() => setWidgetOpen(widget)}
                      >
                        <PencilIcon />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        aria-label={t('boards.removeWidget', { name: toolName })}
                        disabled={save.isPending}
                        onClick={() => void saveWidgets(current.widgets.filter((w) => w.id !== widget.id))}
                      >
                        <XIcon />
                      </Button>
                    </div>
                  )
                }
              >
                <WidgetBody widget={widget} context={context} />
              </WidgetFrame>
            );
          })}
        </div>
      )}
      {editing && current.canEdit && (
        <div className="mt-6 flex justify-end">
          <Button variant="ghost" className="text-destructive" onClick={() => setConfirmingDelete(true)}>
            <Trash2Icon /> {t('boards.delete')}
          </Button>
        </div>
      )}
      {widgetOpen !== null && (
        <WidgetDialog
          widget={widgetOpen === 'new' ? null : widgetOpen}
          kpis={kpis}
          isSaving={save.isPending}
          onOpenChange={(open) => !open && setWidgetOpen(null)}
          onSave={(widget) => {
            const widgets =
              widgetOpen === 'new' ? [...current.widgets, widget] : current.widgets.map((w) => (w.id === widget.id ? widget : w));
            void saveWidgets(widgets).then((saved) => saved && setWidgetOpen(null));
          }}
        />
      )}
      {settingsOpen && <BoardSettingsDialog board={current} onOpenChange={setSettingsOpen} onSaved={() => setSettingsOpen(false)} />}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t('boards.deleteTitle', { name: current.name })}
        description={t('boards.deleteText')}
        confirmLabel={t('boards.delete')}
        isBusy={remove.isPending}
        isDestructive
        onConfirm={() => void onDelete()}
      />
    </>
  );
}

import { type SaveTvPlaylist, SaveTvPlaylistSchema, TV_PLAYLIST_MAX_SCREENS, type TvPlaylist } from '@core/contracts';
import { ListVideoIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '@web/components/card-heading';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError } from '@web/lib/api';
import { useDeleteTvPlaylist, usePlaylistBoards, useSaveTvPlaylist, useTvPlaylists } from '../api/tv-playlists';
import { TV_SCREEN_ICONS } from '../lib/screen-icons';
import { type DraftScreen, newDraft, ScreenEditor, toDraft, toInput } from './playlist-screen-editor';

/** Admin → Integrations: the playlists a display link can rotate through (decision 052). */
export function TvPlaylistsCard() {
  const { t } = useTranslation('scoreboard');
  const playlists = useTvPlaylists();
  const hasBoards = (playlists.data?.playlists ?? []).some((playlist) => playlist.screens.some((screen) => screen.kind === 'board'));
  const boardNames = new Map((usePlaylistBoards(hasBoards).data ?? []).map((board) => [board.id, board.name]));
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
                      const Icon = TV_SCREEN_ICONS[screen.kind];
                      return (
                        <Badge key={screen.id} variant="secondary" className="gap-1 font-normal">
                          <Icon className="size-3.5" aria-hidden />
                          {/* A board screen names its board (one no longer shared or gone: the kind's words). */}
                          {(screen.kind === 'board' && boardNames.get(screen.boardId)) || t(`playlists.kinds.${screen.kind}`)} ·{' '}
                          {t('playlists.seconds', { count: screen.durationSeconds })}
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

import { BOARD_SHARING, type Board, BoardInputSchema, type BoardSharing, NewBoardInputSchema } from '@core/contracts';
import { BOARD_TEMPLATES, type BoardTemplate } from '@core/boards';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedChoice } from '@web/components/segmented-choice';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { LazySelect } from '@web/components/ui/lazy-select';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError, findErrorReason } from '@web/lib/api';
import { useAuth } from '@web/lib/auth/auth-provider';
import { collectIssueErrors } from '@web/lib/issue-errors';
import { useTeams } from '@web/lib/teams';
import { type BoardSave, useSaveBoard } from '../api/save-board';

/**
 * A board's name and who sees it (decision 102): only its maker, a team (its lead or an admin
 * shares it) or the company (an admin). A new board starts with a few widgets to change.
 */
export function BoardSettingsDialog({
  board,
  onOpenChange,
  onSaved,
}: {
  /** The board to change; null for a new one. */
  board: Board | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (board: Board) => void;
}) {
  const { t } = useTranslation('scoreboard');
  const { me } = useAuth();
  const teams = useTeams().data?.teams ?? [];
  const save = useSaveBoard();
  const id = useId();
  const [name, setName] = useState(board?.name ?? '');
  const [sharing, setSharing] = useState<BoardSharing>(board?.sharing ?? 'private');
  const [teamId, setTeamId] = useState(board?.teamId ?? teams[0]?.id ?? '');
  const [template, setTemplate] = useState<BoardTemplate>('floor');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const isAdmin = me?.onboarding.role === 'admin';
  // What the viewer may offer: a team they lead (or any, for an admin); the company for an admin.
  const shareable = teams.filter((team) => isAdmin || team.leads.some((lead) => lead.userId === me?.user.id));
  const choices = BOARD_SHARING.filter(
    (choice) => choice === 'private' || (choice === 'team' ? shareable.length > 0 : isAdmin) || choice === board?.sharing,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A new board names its template: the server fills in its widgets with the company's own
    // types where the template has KPIs over them (core/boards/templates.ts).
    const about = { name, sharing, teamId: sharing === 'team' ? teamId || null : null };
    const request: BoardSave = board
      ? { id: board.id, input: { ...about, widgets: board.widgets } }
      : { id: null, input: { ...about, template } };
    const checked = (request.id === null ? NewBoardInputSchema : BoardInputSchema).safeParse(request.input);
    if (!checked.success) {
      setErrors(collectIssueErrors(checked.error.issues));
      return;
    }
    try {
      const saved = await save.mutateAsync(request);
      toast.success(board ? t('boards.saved') : t('boards.created'), { description: saved.name });
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiRequestError && error.details) setErrors(error.details);
      toast.error(t('boards.saveFailed'), { description: findErrorReason(error) });
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{board ? t('boards.settingsTitle') : t('boards.createTitle')}</DialogTitle>
          <DialogDescription>{t('boards.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="space-y-5" noValidate>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-name`}>{t('boards.name')}</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={60}
              onChange={(e) => {
                setErrors({});
                setName(e.target.value);
              }}
              aria-invalid={!!errors.name}
              aria-describedby={`${id}-name-error`}
            />
            <FieldError id={`${id}-name-error`}>{errors.name}</FieldError>
          </div>
          {!board && (
            <div className="space-y-1.5">
              <Label id={`${id}-template-label`}>{t('boards.templateLegend')}</Label>
              <LazySelect
                value={template}
                onValueChange={setTemplate}
                options={BOARD_TEMPLATES.map((choice) => ({ value: choice, label: t(`boards.templates.${choice}`) }))}
                aria-labelledby={`${id}-template-label`}
                className="w-full"
              />
              <p className="text-xs text-muted-foreground">{t(`boards.templateHelp.${template}`)}</p>
            </div>
          )}
          <SegmentedChoice
            legend={t('boards.sharingLegend')}
            name={`${id}-sharing`}
            value={sharing}
            onChange={(next) => {
              setErrors({});
              setSharing(next);
            }}
            help={t(`boards.sharingHelp.${sharing}`)}
            options={choices.map((choice) => ({
              value: choice,
              label: choice === 'team' ? t('boards.team') : t(`boards.sharing.${choice}`, { team: '' }),
            }))}
          />
          {sharing === 'team' && (
            <div className="space-y-1.5">
              <Label id={`${id}-team-label`}>{t('boards.team')}</Label>
              <LazySelect
                value={teamId}
                onValueChange={setTeamId}
                options={shareable.map((team) => ({ value: team.id, label: team.name }))}
                aria-labelledby={`${id}-team-label`}
                className="w-full"
              />
              <FieldError id={`${id}-team-error`}>{errors.teamId}</FieldError>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              {t('boards.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner />}
              {board ? t('boards.save') : t('boards.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

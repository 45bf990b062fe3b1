import { COACHING_NOTE_MAX, type CoachingNote } from '@core/contracts';
import { LockIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input, Textarea } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError, findErrorReason } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useCompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import { useCoachingNotes, useCreateCoachingNote, useDeleteCoachingNote, useSetFollowUpDone } from '../api/coaching-notes';

/**
 * The private 1:1 notes about one rep, with an agenda of follow-ups that are checked off
 * (decision 045). For team leads of the rep and admins: the server refuses everyone else, the rep
 * included. Placed on the Coaching screen filtered to the person and on the rep's page.
 */
export function CoachingNotes({ memberId }: { memberId: string }) {
  const { t } = useTranslation('coaching');
  const notes = useCoachingNotes(memberId);

  // Someone who does not coach this person (the rep on their own page, a colleague) sees nothing at all.
  if (notes.error instanceof ApiRequestError && (notes.error.status === 403 || notes.error.status === 404)) return null;
  if (notes.isError) return <LoadError title={t('notes.loadError')} error={notes.error} onRetry={() => void notes.refetch()} />;
  if (!notes.data) {
    return (
      <Card className="space-y-3 p-5" aria-hidden>
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </Card>
    );
  }
  const name = formatMemberName(notes.data.member, t);
  const open = notes.data.followUps.filter((note) => note.doneAt === null);
  const done = notes.data.followUps.filter((note) => note.doneAt !== null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('notes.headingOf', { name })}</CardTitle>
        <CardDescription className="flex items-start gap-1.5">
          <LockIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          {t('notes.private', { name })}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-labelledby={`agenda-${memberId}`} className="space-y-3">
          <h3 id={`agenda-${memberId}`} className="text-sm font-semibold">
            {t('notes.agenda')}
          </h3>
          {open.length === 0 && <p className="text-sm text-muted-foreground">{t('notes.agendaEmpty')}</p>}
          <ul className="space-y-1">
            {open.map((note) => (
              <FollowUpRow key={note.id} memberId={memberId} note={note} />
            ))}
          </ul>
          <AddNoteForm memberId={memberId} kind="follow_up" />
          {done.length > 0 && (
            <div className="space-y-1 pt-1">
              <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t('notes.doneSection')}</h4>
              <ul className="space-y-1">
                {done.map((note) => (
                  <FollowUpRow key={note.id} memberId={memberId} note={note} />
                ))}
              </ul>
            </div>
          )}
        </section>

        <section aria-labelledby={`notes-${memberId}`} className="space-y-3 border-t pt-5">
          <h3 id={`notes-${memberId}`} className="text-sm font-semibold">
            {t('notes.notesHeading')}
          </h3>
          <AddNoteForm memberId={memberId} kind="note" />
          {notes.data.notes.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('notes.notesEmpty')}</p>
          ) : (
            <ul className="space-y-3">
              {notes.data.notes.map((note) => (
                <NoteRow key={note.id} memberId={memberId} note={note} />
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

function useSaveError() {
  const { t } = useTranslation('coaching');
  return (error: unknown) => toast.error(t('notes.saveError'), { description: findErrorReason(error) ?? undefined });
}

function FollowUpRow({ memberId, note }: { memberId: string; note: CoachingNote }) {
  const setDone = useSetFollowUpDone(memberId);
  const onError = useSaveError();
  const checkboxId = useId();
  const isDone = note.doneAt !== null;
  return (
    <li className="group flex items-center gap-2 rounded-md px-1 py-1 hover:bg-muted/40">
      <input
        id={checkboxId}
        type="checkbox"
        className="size-4 shrink-0 accent-[var(--color-primary)]"
        checked={isDone}
        disabled={setDone.isPending}
        onChange={(event) => setDone.mutate({ id: note.id, done: event.target.checked }, { onError })}
      />
      <label htmlFor={checkboxId} className={cn('min-w-0 flex-1 text-sm break-words', isDone && 'text-muted-foreground line-through')}>
        {note.body}
      </label>
      <DeleteNoteButton memberId={memberId} note={note} />
    </li>
  );
}

function NoteRow({ memberId, note }: { memberId: string; note: CoachingNote }) {
  const { t } = useTranslation('coaching');
  const format = useCompanyFormat();
  return (
    <li className="rounded-lg border bg-muted/30 px-3 py-2">
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 text-sm break-words whitespace-pre-line">{note.body}</p>
        <DeleteNoteButton memberId={memberId} note={note} className="-mr-1" />
      </div>
      <p className="mt-1 text-xs text-muted-foreground">
        {t('notes.by', { name: formatMemberName(note.author, t), time: format.shortDateTime(note.createdAt) })}
      </p>
    </li>
  );
}

function AddNoteForm({ memberId, kind }: { memberId: string; kind: CoachingNote['kind'] }) {
  const { t } = useTranslation('coaching');
  const create = useCreateCoachingNote(memberId);
  const onError = useSaveError();
  const [body, setBody] = useState('');
  const fieldId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (text === '') return;
    create.mutate({ kind, body: text }, { onSuccess: () => setBody(''), onError });
  };
  const label = kind === 'follow_up' ? t('notes.addFollowUp') : t('notes.addNote');
  return (
    <form onSubmit={onSubmit} className={cn('flex gap-2', kind === 'note' ? 'flex-col' : 'items-end')}>
      <div className="min-w-0 flex-1 space-y-1.5">
        <Label htmlFor={fieldId} className="sr-only">
          {label}
        </Label>
        {kind === 'follow_up' ? (
          <Input
            id={fieldId}
            value={body}
            maxLength={COACHING_NOTE_MAX}
            onChange={(event) => setBody(event.target.value)}
            placeholder={t('notes.followUpPlaceholder')}
          />
        ) : (
          <Textarea
            id={fieldId}
            rows={3}
            value={body}
            maxLength={COACHING_NOTE_MAX}
            onChange={(event) => setBody(event.target.value)}
            placeholder={t('notes.notePlaceholder')}
          />
        )}
      </div>
      <Button
        type="submit"
        size="sm"
        variant={kind === 'note' ? 'default' : 'outline'}
        className={kind === 'note' ? 'self-end' : undefined}
        disabled={create.isPending || body.trim() === ''}
      >
        <PlusIcon aria-hidden /> {kind === 'note' ? t('notes.save') : t('notes.add')}
      </Button>
    </form>
  );
}

/** Deletes a note or a follow-up, named by its text for screen readers. */
function DeleteNoteButton({ memberId, note, className }: { memberId: string; note: CoachingNote; className?: string }) {
  const { t } = useTranslation('coaching');
  const remove = useDeleteCoachingNote(memberId);
  const onError = useSaveError();
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn('size-7 shrink-0 text-muted-foreground', className)}
      aria-label={t('notes.deleteLabel', { text: note.body })}
      disabled={remove.isPending}
      onClick={() => remove.mutate(note.id, { onError })}
    >
      <Trash2Icon aria-hidden />
    </Button>
  );
}

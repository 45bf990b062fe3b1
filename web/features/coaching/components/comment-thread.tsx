import type { WrapupComment } from '@core/contracts';
import { COACHING_COMMENT_MAX } from '@core/contracts/constants';
import { MessageSquareIcon, SendIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '@web/components/person-avatar';
import { Button } from '@web/components/ui/button';
import { Textarea } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/toaster';
import { findErrorReason } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useCompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import { useAddWrapupComment } from '../api/add-wrapup-comment';

/**
 * A wrap-up's conversation: the comments, oldest first, and a box to write the next one. The
 * author of the wrap-up answers; a coach comments "to" them.
 */
export function CommentThread({
  wrapupId,
  comments,
  isAuthor,
  authorName,
  headingLevel = 'h2',
}: {
  wrapupId: string;
  comments: readonly WrapupComment[];
  /** The viewer wrote the wrap-up. */
  isAuthor: boolean;
  /** The wrap-up author's name (for the coach's label). */
  authorName: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation('coaching');
  const format = useCompanyFormat();
  const addComment = useAddWrapupComment();
  const [body, setBody] = useState('');
  const fieldId = useId();
  const Heading = headingLevel;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (text === '') return;
    addComment.mutate(
      { wrapupId, body: text },
      {
        onSuccess: () => {
          setBody('');
          toast.success(t('thread.sent'));
        },
        onError: (error) => toast.error(t('thread.error'), { description: findErrorReason(error) ?? undefined }),
      },
    );
  };

  return (
    <section aria-label={t('thread.heading')} className="space-y-3">
      <Heading className="flex items-center gap-2 text-sm font-semibold">
        <MessageSquareIcon className="size-4 text-muted-foreground" aria-hidden />
        {t('thread.heading')}
      </Heading>
      {comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{isAuthor ? t('thread.empty') : t('thread.emptyCoach', { name: authorName })}</p>
      ) : (
        <ol className="space-y-3">
          {comments.map((comment) => {
            const name = comment.mine ? t('thread.you') : formatMemberName(comment.author, t);
            return (
              <li key={comment.id} className={cn('flex gap-3', comment.mine && 'flex-row-reverse')}>
                <PersonAvatar
                  name={formatMemberName(comment.author, t)}
                  avatarUrl={comment.author.avatarUrl}
                  colorKey={comment.author.userId}
                  className="size-8 shrink-0 text-xs"
                />
                <div
                  className={cn(
                    'max-w-[85%] rounded-lg border px-3 py-2 text-sm',
                    comment.mine ? 'border-primary/20 bg-primary-soft' : 'bg-muted/40',
                  )}
                >
                  <p className="text-xs text-muted-foreground">
                    <span className="font-medium text-foreground">{name}</span> ·{' '}
                    <time dateTime={comment.createdAt} title={format.dateTime(comment.createdAt)}>
                      {format.shortDateTime(comment.createdAt)}
                    </time>
                  </p>
                  <p className="mt-0.5 break-words whitespace-pre-line">{comment.body}</p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <form onSubmit={onSubmit} className="space-y-2">
        <Label htmlFor={fieldId}>{isAuthor ? t('thread.answerLabel') : t('thread.commentLabel', { name: authorName })}</Label>
        <Textarea
          id={fieldId}
          rows={3}
          maxLength={COACHING_COMMENT_MAX}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          placeholder={isAuthor ? t('thread.answerPlaceholder') : t('thread.placeholder')}
        />
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={addComment.isPending || body.trim() === ''}>
            <SendIcon aria-hidden /> {addComment.isPending ? t('thread.sending') : t('thread.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}

import { AVATAR_ACCEPT, AVATAR_UPLOAD_MAX_BYTES, isAvatarContentType, type ProfileSettings } from '@core/contracts';
import { ImageUpIcon, Trash2Icon } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { FieldError } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError } from '@web/lib/api';
import { useDeleteAvatar, useUploadAvatar } from '../api/upload-avatar';
import { PersonAvatar } from '@web/components/person-avatar';

type Chosen = { file: File; previewUrl: string };

/** Server refusals, in the reader's language (the server speaks English). */
const ERROR_KEYS: Record<string, string> = {
  payload_too_large: 'personal.picture.errors.tooLarge',
  image_too_large: 'personal.picture.errors.tooManyPixels',
  invalid_image: 'personal.picture.errors.notAnImage',
  unsupported_media_type: 'personal.picture.errors.notAnImage',
};

/**
 * The profile picture: the current one (or the initial), "Upload picture" opening the file picker,
 * a preview of the chosen file with Save and Cancel, and "Remove". The file is checked here first
 * (type and size, so nobody waits for a refusal), and again by the server, which decodes, crops
 * and re-encodes it (decision 023).
 */
export function ProfilePicture({ profile }: { profile: ProfileSettings }) {
  const { t } = useTranslation('settings');
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const errorId = useId();
  const isBusy = upload.isPending || remove.isPending;

  // The preview is a blob: URL of the chosen file; let it go once it is no longer shown.
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.previewUrl) : undefined), [chosen]);

  const describe = (failure: unknown, fallbackKey: string) =>
    failure instanceof ApiRequestError && ERROR_KEYS[failure.code] ? t(ERROR_KEYS[failure.code]!) : t(fallbackKey);

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again fires a change again
    if (!file) return;
    setChosen(null);
    if (!isAvatarContentType(file.type)) return setError(t('personal.picture.errors.notAnImage'));
    if (file.size > AVATAR_UPLOAD_MAX_BYTES) return setError(t('personal.picture.errors.tooLarge'));
    setError(null);
    setChosen({ file, previewUrl: URL.createObjectURL(file) });
  };

  const onSave = async () => {
    if (!chosen) return;
    try {
      await upload.mutateAsync(chosen.file);
      setChosen(null);
      setError(null);
      toast.success(t('toasts.pictureUpdated'));
    } catch (failure) {
      // A refused file is dropped (choose another); after any other failure Save can be tried again.
      if (failure instanceof ApiRequestError && ERROR_KEYS[failure.code]) setChosen(null);
      setError(describe(failure, 'personal.picture.errors.failed'));
    }
  };

  const onRemove = async () => {
    try {
      await remove.mutateAsync();
      setError(null);
      toast.success(t('toasts.pictureRemoved'));
    } catch (failure) {
      setError(describe(failure, 'personal.picture.errors.removeFailed'));
    }
  };

  const shownUrl = chosen?.previewUrl ?? profile.avatarUrl;
  return (
    <section aria-label={t('personal.picture.title')} className="flex flex-col gap-4 border-b pb-5 sm:flex-row sm:items-center sm:gap-5">
      <div className="relative size-20 shrink-0">
        <PersonAvatar
          name={profile.displayName?.trim() || profile.email}
          avatarUrl={shownUrl}
          className={chosen ? 'size-20 text-2xl ring-2 ring-primary ring-offset-2 ring-offset-card' : 'size-20 text-2xl'}
        />
        {isBusy && (
          <div className="absolute inset-0 flex items-center justify-center rounded-full bg-card/70" data-testid="picture-busy">
            <Spinner className="size-6 text-primary" />
          </div>
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-3">
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">{profile.displayName ?? profile.email}</p>
          <p className="truncate text-sm text-muted-foreground">{profile.email}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {/* Not displayed (and so not a second "Upload picture" for screen readers): the button opens it. */}
          <input
            ref={fileInput}
            type="file"
            accept={AVATAR_ACCEPT}
            className="hidden"
            tabIndex={-1}
            aria-label={t('personal.picture.upload')}
            onChange={onFileChosen}
          />
          {chosen ? (
            <>
              <Button size="sm" onClick={() => void onSave()} disabled={isBusy}>
                {upload.isPending && <Spinner />}
                {upload.isPending ? t('personal.picture.uploading') : t('personal.picture.save')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setChosen(null)} disabled={isBusy}>
                {t('actions.cancel')}
              </Button>
            </>
          ) : (
            <>
              <Button
                size="sm"
                variant="outline"
                onClick={() => fileInput.current?.click()}
                disabled={isBusy}
                aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              >
                <ImageUpIcon />
                {profile.avatarUrl ? t('personal.picture.change') : t('personal.picture.upload')}
              </Button>
              {profile.avatarUrl && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-muted-foreground hover:text-destructive"
                  onClick={() => void onRemove()}
                  disabled={isBusy}
                >
                  {remove.isPending ? <Spinner /> : <Trash2Icon />}
                  {remove.isPending ? t('personal.picture.removing') : t('personal.picture.remove')}
                </Button>
              )}
            </>
          )}
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          {chosen ? t('personal.picture.previewHint') : t('personal.picture.hint')}
        </p>
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    </section>
  );
}

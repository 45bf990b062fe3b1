import { type ProfileSettings, UpdateProfileSchema } from '@core/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { LockIcon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DetailRow } from '@web/components/detail-row';
import { LoadError } from '@web/components/load-error';
import { PersonAvatar } from '@web/components/person-avatar';
import { SaveCancelButtons } from '@web/components/save-cancel-buttons';
import { SettingsCardSkeleton } from '@web/components/settings-card-skeleton';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { LANGUAGE_NAMES, LanguageSelect } from '@web/components/language-select';
import { toast } from '@web/components/ui/toaster';
import { changeLanguage } from '@web/i18n';
import { showFieldRefusals } from '@web/lib/api';
import { useErrorToast } from '@web/lib/use-error-toast';
import { useProfileSettings } from '../api/get-profile-settings';
import { useUpdateProfileSettings } from '../api/update-profile-settings';
import { ProfilePicture } from './profile-picture';

/** Personal tab: the profile picture (uploaded, decision 023), display name (view and edit), e-mail read-only, language. */
export function PersonalSettings() {
  const { t } = useTranslation('settings');
  const profile = useProfileSettings();
  const [isEditing, setEditing] = useState(false);
  useErrorToast(profile.error, t('toasts.profileLoadError'));

  if (profile.isPending) return <SettingsCardSkeleton />;
  if (profile.isError)
    return <LoadError title={t('toasts.profileLoadError')} error={profile.error} onRetry={() => void profile.refetch()} />;

  const data = profile.data;
  return isEditing ? (
    <PersonalForm profile={data} onDone={() => setEditing(false)} />
  ) : (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle>{t('personal.title')}</CardTitle>
          <CardDescription>{t('personal.description')}</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <PencilIcon /> {t('actions.edit')}
        </Button>
      </CardHeader>
      <CardContent>
        <ProfilePicture profile={data} />
        <dl className="divide-y">
          <DetailRow label={t('personal.displayName')}>{data.displayName ?? <NotSet />}</DetailRow>
          <DetailRow label={t('personal.email')} hint={t('personal.emailHint')}>
            <span className="inline-flex items-center gap-1.5">
              <LockIcon className="size-3.5 text-muted-foreground" aria-hidden />
              {data.email}
            </span>
          </DetailRow>
          <DetailRow label={t('personal.language')}>
            {data.language ? LANGUAGE_NAMES[data.language] : t('personal.languageBrowser')}
          </DetailRow>
        </dl>
      </CardContent>
    </Card>
  );
}

function PersonalForm({ profile, onDone }: { profile: ProfileSettings; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const update = useUpdateProfileSettings();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(UpdateProfileSchema),
    defaultValues: { displayName: profile.displayName ?? '', language: profile.language },
  });
  const previewName = useWatch({ control, name: 'displayName' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      if (saved.language) await changeLanguage(saved.language);
      toast.success(t('toasts.profileUpdated'));
      onDone();
    } catch (error) {
      showFieldRefusals(error, ['displayName'], setError);
      toast.error(t('toasts.profileUpdateError'), { description: error instanceof Error ? error.message : undefined });
    }
  });

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate>
        <CardHeader>
          <CardTitle>{t('personal.editTitle')}</CardTitle>
          <CardDescription>{t('personal.description')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="flex items-center gap-4">
            <PersonAvatar name={previewName?.trim() || profile.email} avatarUrl={profile.avatarUrl} className="size-16 text-xl" />
            <p className="text-sm text-muted-foreground">{t('personal.avatarPreview')}</p>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="displayName">{t('personal.displayName')}</Label>
              <Input
                id="displayName"
                autoComplete="name"
                maxLength={80}
                placeholder={t('personal.displayNamePlaceholder')}
                aria-invalid={Boolean(errors.displayName)}
                aria-describedby={errors.displayName ? 'displayName-error' : 'displayName-hint'}
                {...register('displayName')}
              />
              {errors.displayName ? (
                <FieldError id="displayName-error">{errors.displayName.message}</FieldError>
              ) : (
                <p id="displayName-hint" className="text-xs text-muted-foreground">
                  {t('personal.displayNameHint')}
                </p>
              )}
            </div>
            <div className="space-y-2">
              <Label htmlFor="email">{t('personal.email')}</Label>
              <Input id="email" value={profile.email} readOnly aria-describedby="email-hint" className="bg-muted text-muted-foreground" />
              <p id="email-hint" className="text-xs text-muted-foreground">
                {t('personal.emailHint')}
              </p>
            </div>
            <div className="space-y-2">
              <Label htmlFor="language">{t('personal.language')}</Label>
              <Controller
                control={control}
                name="language"
                render={({ field }) => (
                  <LanguageSelect id="language" value={field.value} onChange={field.onChange} unsetLabel={t('personal.languageBrowser')} />
                )}
              />
            </div>
          </div>
        </CardContent>
        <CardFooter className="justify-end gap-2 border-t pt-5">
          <SaveCancelButtons isSaving={update.isPending} onCancel={onDone} />
        </CardFooter>
      </form>
    </Card>
  );
}

function NotSet() {
  const { t } = useTranslation('settings');
  return <span className="text-muted-foreground italic">{t('personal.notSet')}</span>;
}

// Profile > Personal Info: name, email (read-only), bio, location, website and picture URL, saved to the
// user's profile on the server with 'Save Changes' (ARCHITECTURE 6.2).
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LoaderCircle, Save, WifiOff } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../lib/toast';
import { useOnlineStatus } from '../../lib/use-online-status';
import { MetadataTooLargeError } from '../../lib/user-metadata';
import { useSaveProfile } from './api/save-profile';
import {
  PROFILE_LIMITS,
  isDisplayableAvatarUrl,
  validateProfile,
  type ProfileErrors,
  type ProfileForm,
} from './profile-fields';

const OFFLINE_TOAST = {
  variant: 'destructive',
  title: "You're offline",
  description: 'Connect to the internet to save your profile changes.',
} as const;

export function PersonalInfoForm({ userId, email, initial }: { userId: string; email: string; initial: ProfileForm }) {
  const online = useOnlineStatus();
  const [form, setForm] = useState<ProfileForm>(initial);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);
  const saveProfile = useSaveProfile();
  const websiteRef = useRef<HTMLInputElement>(null);
  const avatarRef = useRef<HTMLInputElement>(null);

  const set = (field: keyof ProfileForm) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    if (field === 'website' || field === 'avatarUrl') setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = validateProfile(form);
    setErrors(found);
    const firstError = found.website ?? found.avatarUrl;
    if (firstError) {
      (found.website ? websiteRef : avatarRef).current?.focus();
      toast({ variant: 'destructive', title: 'Error', description: firstError });
      return;
    }
    if (!online) {
      toast(OFFLINE_TOAST);
      return;
    }
    setSaving(true);
    try {
      await saveProfile.mutateAsync({ userId, form });
      toast({ title: 'Profile Updated', description: 'Your profile changes have been saved.' });
    } catch (error) {
      console.warn('Saving the profile failed:', error);
      if (!navigator.onLine) toast(OFFLINE_TOAST);
      else if (error instanceof MetadataTooLargeError) {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Your profile is too long to save. Please shorten your bio.',
        });
      } else {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to save your profile. Please try again.',
        });
      }
    } finally {
      setSaving(false);
    }
  };

  const avatarHidden =
    form.avatarUrl.trim() !== '' && !errors.avatarUrl && !isDisplayableAvatarUrl(form.avatarUrl, location.origin);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Personal Info
        </CardTitle>
        <CardDescription>This information is saved with your account and helps the assistant know you.</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} aria-label="Personal Info" className="grid gap-6">
        <CardContent className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="profile-name" label="Full Name">
              <Input
                id="profile-name"
                name="name"
                autoComplete="name"
                maxLength={PROFILE_LIMITS.name}
                value={form.name}
                onChange={set('name')}
              />
            </Field>
            <Field id="profile-email" label="Email" hint="Contact support to change your email address">
              <Input
                id="profile-email"
                name="email"
                type="email"
                value={email}
                readOnly
                aria-describedby="profile-email-hint"
              />
            </Field>
          </div>
          <Field id="profile-bio" label="Bio">
            <Textarea
              id="profile-bio"
              name="bio"
              rows={4}
              maxLength={PROFILE_LIMITS.bio}
              placeholder="A few words about you and what you are working on"
              value={form.bio}
              onChange={set('bio')}
              minHeight="min-h-24"
            />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="profile-location" label="Location">
              <Input
                id="profile-location"
                name="location"
                autoComplete="address-level2"
                placeholder="City, Country"
                maxLength={PROFILE_LIMITS.location}
                value={form.location}
                onChange={set('location')}
              />
            </Field>
            <Field id="profile-website" label="Website" error={errors.website}>
              <Input
                ref={websiteRef}
                id="profile-website"
                name="website"
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://example.com"
                maxLength={PROFILE_LIMITS.website}
                value={form.website}
                onChange={set('website')}
                aria-invalid={errors.website ? true : undefined}
                aria-describedby={errors.website ? 'profile-website-error' : undefined}
              />
            </Field>
          </div>
          <Field
            id="profile-avatar"
            label="Profile Picture URL"
            error={errors.avatarUrl}
            hint={
              avatarHidden
                ? 'Pictures from other websites are not displayed in Sprout, to protect your privacy, so your initials are shown. The address is still saved with your profile.'
                : undefined
            }
          >
            <Input
              ref={avatarRef}
              id="profile-avatar"
              name="avatarUrl"
              type="url"
              inputMode="url"
              placeholder="https://example.com/photo.jpg"
              maxLength={PROFILE_LIMITS.avatarUrl}
              value={form.avatarUrl}
              onChange={set('avatarUrl')}
              aria-invalid={errors.avatarUrl ? true : undefined}
              aria-describedby={
                [errors.avatarUrl && 'profile-avatar-error', avatarHidden && 'profile-avatar-hint']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            />
          </Field>
          {!online && (
            <p
              role="status"
              className="flex items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm"
            >
              <WifiOff aria-hidden="true" className="size-4 shrink-0" />
              You&apos;re offline. Profile changes can be saved once you&apos;re back online.
            </p>
          )}
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button type="submit" disabled={saving}>
            {saving ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Save aria-hidden="true" />}
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

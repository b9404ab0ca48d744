// The Profile Settings screen (spec section 2): the avatar with initials, the name and email, and two
// tabs: Personal Info (saved to the account) and Security (change password, delete account).
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Mail, MapPin, ShieldCheck, UserRound } from 'lucide-react';
import { avatarInitials } from '#core/initials';
import { Avatar, AvatarFallback, AvatarImage } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAuth } from '../../data/auth';
import { readUserData, writeUserData } from '../../lib/device-storage';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountCard } from './delete-account-card';
import { PersonalInfoForm } from './personal-info-form';
import { userDataFromUser } from './api/save-profile';
import { isDisplayableAvatarUrl, profileFromMetadata } from './profile-fields';

export function ProfilePage() {
  const { user } = useAuth();

  // Keep the local copy (read by the AI chat) in step with the profile on the server.
  useEffect(() => {
    if (!user) return;
    const data = userDataFromUser(user);
    if (JSON.stringify(readUserData(user.id) ?? {}) !== JSON.stringify(data)) writeUserData(user.id, data);
  }, [user]);

  if (!user) return null; // the route guard only renders this page for a signed-in user
  const email = user.email ?? '';
  const profile = profileFromMetadata(user.user_metadata, readUserData(user.id));
  const initials = avatarInitials(profile.name, email) || '?';
  const showImage = isDisplayableAvatarUrl(profile.avatarUrl, location.origin);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 md:py-10">
      <header className="mb-6 flex items-center gap-3">
        <Button asChild variant="ghost" size="icon" className="-ml-2 shrink-0">
          <Link to="/" aria-label="Back to notes">
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
        </Button>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Profile Settings</h1>
      </header>

      <section
        aria-label="Your profile"
        className="mb-6 flex items-center gap-4 rounded-xl border bg-card p-5 shadow-sm sm:gap-5 sm:p-6"
      >
        <Avatar className="size-16 ring-4 ring-accent sm:size-20">
          {showImage && <AvatarImage src={profile.avatarUrl} alt="" />}
          <AvatarFallback textSize="text-xl sm:text-2xl" aria-hidden="true">
            {initials}
          </AvatarFallback>
        </Avatar>
        <div className="grid min-w-0 gap-1">
          {profile.name ? (
            <p className="truncate text-lg font-semibold sm:text-xl">{profile.name}</p>
          ) : (
            <p className="text-lg font-semibold text-muted-foreground sm:text-xl">Add your name</p>
          )}
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
            <Mail aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{email}</span>
          </p>
          {profile.location && (
            <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">{profile.location}</span>
            </p>
          )}
        </div>
      </section>

      <Tabs defaultValue="personal" gap="gap-6">
        <TabsList className="grid h-10 w-full grid-cols-2 sm:w-80">
          <TabsTrigger value="personal">
            <UserRound aria-hidden="true" />
            Personal Info
          </TabsTrigger>
          <TabsTrigger value="security">
            <ShieldCheck aria-hidden="true" />
            Security
          </TabsTrigger>
        </TabsList>
        <TabsContent value="personal">
          <PersonalInfoForm key={user.id} userId={user.id} email={email} initial={profile} />
        </TabsContent>
        <TabsContent value="security" className="grid gap-6">
          <ChangePasswordForm />
          <DeleteAccountCard userId={user.id} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

// Login / Sign Up screen (spec section 2): two tabs, the spec's validation and toasts; a signed-in
// visitor is sent on to / (or to the page the route guard stopped).
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Lightbulb, ListChecks, Sparkles, WifiOff } from 'lucide-react';
import { SproutLogo } from '../../components/sprout-logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { FullPageSpinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { getAuthClient } from '../../lib/supabase';
import { toast } from '../../lib/toast';
import { CredentialsForm, type CredentialsMode } from './credentials-form';
import { afterLoginPath, SIGNED_IN_HERE, type LoginRedirectState } from './require-auth';
import { useSignupOpen } from './signup-open';
import { authErrorMessage, useAuth } from '../../data/auth';

const HIGHLIGHTS = [
  { icon: Lightbulb, title: 'Capture the idea', text: 'Jot it down the moment it arrives, however rough.' },
  { icon: Sparkles, title: 'Expand it with Sprout', text: 'A short conversation turns it into a clear, SMART goal.' },
  { icon: ListChecks, title: 'Act on it', text: 'Leave with numbered action steps you can tick off.' },
  { icon: WifiOff, title: 'Works offline', text: 'Notes are kept on this device and sync when you are back online.' },
] as const;

export function LoginPage() {
  const { status } = useAuth();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<CredentialsMode | null>(null);
  const signupOpen = useSignupOpen();
  const sessionEnded = (location.state as LoginRedirectState | null)?.sessionEnded === true;

  if (status === 'loading') return <FullPageSpinner minHeight="min-h-svh" />;
  if (status === 'signed-in') return <Navigate to={afterLoginPath(location.state)} replace state={SIGNED_IN_HERE} />;

  const submit = async (mode: CredentialsMode) => {
    if (busy) return;
    if (email.trim() === '' || password === '') {
      toast({ variant: 'destructive', title: 'Error', description: 'Please enter both email and password.' });
      return;
    }
    setBusy(mode);
    try {
      const auth = await getAuthClient();
      if (mode === 'login') {
        const { error } = await auth.signInWithPassword({ email: email.trim(), password });
        if (error) throw error;
        // Signed in: the auth state changes and this page redirects.
      } else {
        const { data, error } = await auth.signUp({ email: email.trim(), password });
        if (error) throw error;
        // The embedded server confirms at once and signs the user in (ARCHITECTURE 6.3); a server
        // with email verification returns no session.
        toast(
          data.session
            ? { title: 'Account created', description: 'Your account is ready. Welcome to Sprout!' }
            : { title: 'Account created', description: 'Please check your email for verification.' },
        );
      }
    } catch (error) {
      toast({
        variant: 'destructive',
        title: mode === 'login' ? 'Login failed' : 'Signup failed',
        description: authErrorMessage(error),
      });
    } finally {
      setBusy(null);
    }
  };

  const formProps = {
    email,
    password,
    onEmailChange: setEmail,
    onPasswordChange: setPassword,
    busy,
  };

  return (
    <div className="relative grid min-h-svh lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <aside
        aria-label="About Sprout"
        className="relative hidden overflow-hidden bg-[#0f3d22] px-12 py-12 text-white lg:flex lg:flex-col lg:justify-between"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 -right-32 size-[28rem] rounded-full bg-[#22c55e]/25 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-40 -left-24 size-[26rem] rounded-full bg-[#86efac]/15 blur-3xl"
        />
        <div className="relative flex items-center gap-2.5 text-lg font-semibold">
          <SproutLogo className="size-8 ring-1 ring-white/20 rounded-[0.6rem]" />
          Sprout
        </div>
        <div className="relative max-w-md">
          <p className="text-4xl leading-tight font-semibold tracking-tight text-balance">
            Turn a vague idea into a plan you can act on.
          </p>
          <ul className="mt-10 grid gap-6">
            {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/15">
                  <Icon aria-hidden="true" className="size-5 text-[#bbf7d0]" />
                </span>
                <span>
                  <span className="block font-medium">{title}</span>
                  <span className="block text-sm text-white/75">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-white/70">Your notes, your pace. Sprout keeps the thinking moving.</p>
      </aside>

      <main id="main-content" className="relative flex flex-col items-center justify-center px-4 py-16 sm:px-6">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-64 bg-gradient-to-b from-primary/10 to-transparent lg:hidden"
        />
        <ThemeToggle variant="ghost" className="absolute top-4 right-4" />
        <div className="relative w-full max-w-sm">
          <div className="mb-8 flex flex-col items-center text-center">
            <SproutLogo className="mb-4 size-12 rounded-[0.8rem] shadow-sm" />
            <h1 className="text-3xl font-semibold tracking-tight">Sprout</h1>
            <p className="mt-1.5 text-sm font-medium tracking-wide text-primary">Think. Expand. Act.</p>
          </div>
          {sessionEnded && (
            <p role="status" className="mb-4 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
              <span className="font-medium">Your session has ended. Please sign in again.</span>{' '}
              <span className="text-muted-foreground">
                Changes made on this device are kept and sync once you are signed in.
              </span>
            </p>
          )}
          <div className="rounded-2xl border bg-card p-6 shadow-sm">
            {/* Keyed: a closed sign-up arriving while Sign Up was chosen starts again on Login. */}
            <Tabs key={String(signupOpen)} defaultValue="login" gap="gap-6">
              {signupOpen && (
                <TabsList className="grid h-9 w-full grid-cols-2">
                  <TabsTrigger value="login">Login</TabsTrigger>
                  <TabsTrigger value="signup">Sign Up</TabsTrigger>
                </TabsList>
              )}
              <TabsContent value="login" className="grid gap-5">
                <div className="grid gap-1">
                  <h2 className="text-lg font-semibold tracking-tight">Welcome back</h2>
                  <p className="text-sm text-muted-foreground">Sign in to pick up where you left off.</p>
                </div>
                <CredentialsForm mode="login" onSubmit={() => void submit('login')} {...formProps} />
                {!signupOpen && (
                  <p className="text-center text-sm text-muted-foreground">
                    Sign-up is closed on this server. Ask its administrator for an account.
                  </p>
                )}
              </TabsContent>
              {signupOpen && (
                <TabsContent value="signup" className="grid gap-5">
                  <div className="grid gap-1">
                    <h2 className="text-lg font-semibold tracking-tight">Create your account</h2>
                    <p className="text-sm text-muted-foreground">Start turning ideas into plans in minutes.</p>
                  </div>
                  <CredentialsForm mode="signup" onSubmit={() => void submit('signup')} {...formProps} />
                </TabsContent>
              )}
            </Tabs>
          </div>
          {/* Below the form on a phone or narrow window, where the About panel is not shown (issue 33). */}
          <ul aria-label="What Sprout does" className="mt-8 grid gap-4 px-1 lg:hidden">
            {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <span className="text-sm">
                  <span className="font-medium">{title}.</span> <span className="text-muted-foreground">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </main>
    </div>
  );
}

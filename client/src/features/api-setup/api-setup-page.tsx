// The API Configuration screen (/api-setup, public; spec section 2 with ARCHITECTURE 6.1): explains the
// aggregator provider and its key, shows a saved key only by its last 4 characters, and sends a new key
// once to the server. It always stays: when the server provides a key it says so ('API Key Available')
// and offers no form, since the server's key is used for every request and the server refuses a user's
// own (docs/api.md). After saving, or on Cancel, it goes back to the screen that sent the user here.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  CircleCheck,
  ExternalLink,
  Eye,
  EyeOff,
  KeyRound,
  LoaderCircle,
  Server,
  ShieldCheck,
  Trash2,
  TriangleAlert,
} from 'lucide-react';
import { SproutLogo } from '../../components/sprout-logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../lib/toast';
import { useResetAiConnection } from '../../data/ai-connection';
import { providerKeyPageUrl, useProviderName } from '../../data/app-config';
import type { LoginRedirectState } from '../auth';
import { useAuth } from '../../data/auth';
import { fetchKeyStatus, removeApiKey, saveApiKey, type KeyStatus } from './api-key-api';

/** Where to go after saving or on Cancel: the screen that linked here (state `returnTo`), else /. */
function returnPath(state: unknown): string {
  const target = typeof state === 'object' && state !== null ? (state as { returnTo?: unknown }).returnTo : undefined;
  // Only a path of this app (never another origin, never back here).
  return typeof target === 'string' && /^\/(?!\/)/.test(target) && !target.startsWith('/api-setup') ? target : '/';
}

/** Sent back with the return trip: the screen that sent the user here carries on where it was
 *  (New Idea resumes its draft rather than asking whether to). */
const RETURN_STATE = { resume: true } as const;

interface Check {
  /** Whose check this is ('' for a visitor), so a sign-in starts a new one. */
  viewer: string;
  status: KeyStatus | null;
}

export function ApiSetupPage() {
  const { status: authStatus, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const backTo = returnPath(location.state);
  const providerName = useProviderName();
  const resetAiConnection = useResetAiConnection();
  const keyPage = providerKeyPageUrl(providerName);
  const viewer = authStatus === 'loading' ? null : (user?.id ?? '');
  const [check, setCheck] = useState<Check | null>(null);
  const [apiKey, setApiKey] = useState('');
  const [visible, setVisible] = useState(false);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState(false);

  useEffect(() => {
    if (viewer === null) return;
    let active = true;
    fetchKeyStatus()
      .then((status) => {
        if (active) setCheck({ viewer, status });
      })
      .catch((error: unknown) => {
        // The check is a convenience: without it the form still works.
        console.warn('Could not check for an API key:', error);
        if (active) setCheck({ viewer, status: null });
      });
    return () => {
      active = false;
    };
  }, [viewer]);

  const checking = viewer === null || check?.viewer !== viewer;
  const serverKey = check?.status?.source === 'server';
  const savedLast4 = check?.status?.last4 ?? null;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const trimmed = apiKey.trim();
    if (trimmed === '') {
      toast({ variant: 'destructive', title: 'Error', description: 'Please enter an API key' });
      return;
    }
    if (!user) {
      // Saving needs an account to keep the key with; the typed key is not kept anywhere meanwhile.
      setApiKey('');
      toast({
        title: 'Sign in required',
        description: 'Please sign in to save your API key. You will come back here afterwards.',
      });
      const state: LoginRedirectState = { from: { pathname: '/api-setup' } };
      void navigate('/login', { state });
      return;
    }
    setSaving(true);
    try {
      await saveApiKey(trimmed);
      setApiKey('');
      resetAiConnection();
      toast({ title: 'API Key Saved', description: 'Your API key has been saved successfully.' });
      void navigate(backTo, { state: RETURN_STATE });
    } catch (error) {
      console.warn('Saving the API key failed:', error);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to save API key. Please try again.' });
    } finally {
      setSaving(false);
    }
  };

  const handleRemove = async () => {
    setRemoving(true);
    try {
      await removeApiKey();
      resetAiConnection();
      setCheck((current) =>
        current
          ? {
              ...current,
              status:
                current.status?.source === 'server'
                  ? { ...current.status, last4: null }
                  : { available: false, source: null, last4: null },
            }
          : current,
      );
      toast({ title: 'API key removed', description: 'Your saved API key has been deleted from the server.' });
    } catch (error) {
      console.warn('Removing the API key failed:', error);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to remove the API key. Please try again.' });
    } finally {
      setRemoving(false);
    }
  };

  return (
    <div className="relative min-h-svh bg-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-primary/10 to-transparent"
      />
      <header className="relative mx-auto flex h-16 max-w-2xl items-center justify-between px-4 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-2.5 rounded-md text-base font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <SproutLogo className="size-7 rounded-[0.45rem]" />
          Sprout
        </Link>
        <ThemeToggle />
      </header>
      <main id="main-content" className="relative mx-auto w-full max-w-2xl px-4 pt-4 pb-16 sm:px-6">
        <div className="rounded-2xl border bg-card p-5 shadow-sm sm:p-8">
          <div className="flex flex-col items-start gap-4 sm:flex-row">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
              <KeyRound aria-hidden="true" className="size-5" />
            </span>
            <div className="grid gap-1.5">
              <h1 className="text-2xl font-semibold tracking-tight">API Configuration</h1>
              <p className="text-sm text-muted-foreground">
                Sprout&apos;s assistant uses {providerName}, a service that gives access to many AI models through a
                single API key. To expand ideas and chat with the assistant, Sprout needs your {providerName} API key.
              </p>
            </div>
          </div>

          {!checking && serverKey ? (
            <div role="status" className="mt-6 flex gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4">
              <Server aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <div className="grid gap-1">
                <p className="text-sm font-semibold">API Key Available</p>
                <p className="text-sm">
                  Using API key from server secrets. This Sprout server provides a {providerName} API key for everyone,
                  so the assistant works without a key of your own; while it does, the server uses its key for every
                  request and does not take yours.
                </p>
              </div>
            </div>
          ) : (
            <div role="note" className="mt-6 flex gap-3 rounded-xl border border-amber-500/50 bg-amber-500/10 p-4">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-400" />
              <div className="grid gap-1">
                <p className="text-sm font-semibold">Important: API Key Required</p>
                <p className="text-sm">
                  The AI features cannot work without a key. Create one in your {providerName} account, then paste it
                  below.
                </p>
              </div>
            </div>
          )}

          {checking ? (
            <div className="flex flex-col items-center justify-center gap-3 py-14 text-sm text-muted-foreground">
              <Spinner label="Checking for an API key" sizeClass="size-7" className="text-primary" />
              Checking for an API key...
            </div>
          ) : (
            <>
              {savedLast4 && (
                <div className="mt-6 flex flex-wrap items-center gap-3 rounded-xl border bg-muted/40 p-4">
                  <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
                  <p className="min-w-0 flex-1 text-sm">
                    A key ending in <span className="font-mono font-semibold">…{savedLast4}</span> is saved.{' '}
                    {serverKey
                      ? 'It is not used while the server provides a key.'
                      : 'Enter a new key below to replace it.'}
                  </p>
                  <Button variant="outline" size="sm" onClick={() => void handleRemove()} disabled={removing}>
                    {removing ? (
                      <LoaderCircle aria-hidden="true" className="animate-spin" />
                    ) : (
                      <Trash2 aria-hidden="true" />
                    )}
                    Remove key
                  </Button>
                </div>
              )}

              {serverKey ? (
                <div className="mt-6 flex justify-end">
                  <Button asChild>
                    <Link to={backTo} state={RETURN_STATE}>
                      {backTo === '/' ? 'Back to your notes' : 'Go back'}
                    </Link>
                  </Button>
                </div>
              ) : (
                <form onSubmit={(event) => void handleSubmit(event)} aria-label="API key" className="mt-6 grid gap-6">
                  <div className="grid gap-2">
                    <Label htmlFor="api-key">{providerName} API Key</Label>
                    <div className="relative">
                      <Input
                        id="api-key"
                        name="apiKey"
                        type={visible ? 'text' : 'password'}
                        autoComplete="off"
                        autoCapitalize="off"
                        autoCorrect="off"
                        spellCheck={false}
                        placeholder="sk-or-v1-..."
                        value={apiKey}
                        onChange={(event) => setApiKey(event.target.value)}
                        aria-describedby="api-key-hint"
                        className="pr-11 font-mono"
                      />
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        className="absolute top-1/2 right-0.5 -translate-y-1/2"
                        aria-label={visible ? 'Hide API key' : 'Show API key'}
                        aria-controls="api-key"
                        aria-pressed={visible}
                        onClick={() => setVisible((value) => !value)}
                      >
                        {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                      </Button>
                    </div>
                    <p id="api-key-hint" className="text-sm text-muted-foreground">
                      {user
                        ? 'Paste the key exactly as your provider shows it.'
                        : 'You will be asked to sign in before the key is saved.'}
                    </p>
                    {keyPage && (
                      <Button asChild variant="outline" className="mt-1 w-fit">
                        <a href={keyPage} target="_blank" rel="noopener noreferrer">
                          <ExternalLink aria-hidden="true" />
                          Get your {providerName} API key
                          <span className="sr-only"> (opens in a new tab)</span>
                        </a>
                      </Button>
                    )}
                  </div>

                  <div className="flex gap-3 rounded-xl border p-4">
                    <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                    <div className="grid gap-1.5">
                      <p className="text-sm font-semibold">How your key is kept safe</p>
                      <ul className="grid list-disc gap-1 pl-4 text-sm text-muted-foreground marker:text-primary">
                        <li>
                          It is sent once, over a secure connection, to the Sprout server, where it is stored encrypted.
                        </li>
                        <li>It is never stored in your browser.</li>
                        <li>It is used only for your own AI requests.</li>
                        <li>It is never shown again: Sprout only shows its last 4 characters.</li>
                      </ul>
                    </div>
                  </div>

                  <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                    <Button asChild variant="outline">
                      <Link to={backTo} state={RETURN_STATE}>
                        Cancel
                      </Link>
                    </Button>
                    <Button type="submit" disabled={apiKey === '' || saving}>
                      {saving ? (
                        <LoaderCircle aria-hidden="true" className="animate-spin" />
                      ) : (
                        <KeyRound aria-hidden="true" />
                      )}
                      {saving ? 'Saving...' : 'Save API Key'}
                    </Button>
                  </div>
                </form>
              )}
            </>
          )}
        </div>
      </main>
    </div>
  );
}

// The email + password form used by both tabs of the login screen (spec section 2 and 5).
import { useId, type FormEvent } from 'react';
import { LoaderCircle } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

export type CredentialsMode = 'login' | 'signup';

interface CredentialsFormProps {
  mode: CredentialsMode;
  email: string;
  password: string;
  onEmailChange: (value: string) => void;
  onPasswordChange: (value: string) => void;
  onSubmit: () => void;
  /** Which form is submitting, if any: every button is disabled meanwhile. */
  busy: CredentialsMode | null;
}

const TEXT = {
  login: { submit: 'Login', busy: 'Logging in...', autoComplete: 'current-password' },
  signup: { submit: 'Sign Up', busy: 'Creating account...', autoComplete: 'new-password' },
} as const;

export function CredentialsForm({
  mode,
  email,
  password,
  onEmailChange,
  onPasswordChange,
  onSubmit,
  busy,
}: CredentialsFormProps) {
  const id = useId();
  const text = TEXT[mode];
  const hintId = `${id}-password-hint`;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    // noValidate: empty fields get the spec's toast rather than the browser's bubble.
    <form noValidate onSubmit={handleSubmit} className="grid gap-4" aria-label={mode === 'login' ? 'Login' : 'Sign Up'}>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          type="password"
          name="password"
          autoComplete={text.autoComplete}
          aria-describedby={mode === 'signup' ? hintId : undefined}
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
        />
        {mode === 'signup' && (
          <p id={hintId} className="text-xs text-muted-foreground">
            Password must be at least 6 characters long.
          </p>
        )}
      </div>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy !== null}>
        {busy === mode && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        {busy === mode ? text.busy : text.submit}
      </Button>
    </form>
  );
}

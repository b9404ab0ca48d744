// Profile > Security > Change Password: the spec's client rules (match, at least 8 characters) and the
// current password checked by the server; the fields are cleared on success.
import { useState, type FormEvent } from 'react';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../lib/toast';
import { passwordChangeErrorMessage, useChangePassword } from './api/change-password';
import { MIN_PASSWORD_LENGTH, newPasswordError } from './profile-fields';

const EMPTY = { current: '', next: '', confirm: '' };

export function ChangePasswordForm() {
  const [fields, setFields] = useState(EMPTY);
  const [saving, setSaving] = useState(false);
  const changePassword = useChangePassword();
  const complete = fields.current !== '' && fields.next !== '' && fields.confirm !== '';

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete || saving) return;
    const ruleError = newPasswordError(fields.next, fields.confirm);
    if (ruleError) {
      toast({ variant: 'destructive', title: 'Error', description: ruleError });
      return;
    }
    setSaving(true);
    try {
      await changePassword.mutateAsync({ current: fields.current, next: fields.next });
      setFields(EMPTY);
      toast({ title: 'Password Updated', description: 'Your password has been changed successfully.' });
    } catch (error) {
      console.warn('Changing the password failed:', error);
      toast({ variant: 'destructive', title: 'Error', description: passwordChangeErrorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader layout="row">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <KeyRound aria-hidden="true" className="size-[1.125rem]" />
        </span>
        <div className="grid gap-1">
          <CardTitle as="h2" className="text-base">
            Change Password
          </CardTitle>
          <CardDescription>Other devices signed in to your account are signed out when it changes.</CardDescription>
        </div>
      </CardHeader>
      <form onSubmit={(event) => void handleSubmit(event)} aria-label="Change Password" className="grid gap-6">
        <CardContent className="grid gap-5">
          <div className="grid gap-2 sm:max-w-sm">
            <Label htmlFor="password-current">Current Password</Label>
            <Input
              id="password-current"
              type="password"
              autoComplete="current-password"
              value={fields.current}
              onChange={set('current')}
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor="password-new">New Password</Label>
              <Input
                id="password-new"
                type="password"
                autoComplete="new-password"
                value={fields.next}
                onChange={set('next')}
                aria-describedby="password-new-hint"
              />
              <p id="password-new-hint" className="text-sm text-muted-foreground">
                At least {MIN_PASSWORD_LENGTH} characters.
              </p>
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor="password-confirm">Confirm New Password</Label>
              <Input
                id="password-confirm"
                type="password"
                autoComplete="new-password"
                value={fields.confirm}
                onChange={set('confirm')}
              />
            </div>
          </div>
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button type="submit" disabled={!complete || saving}>
            {saving && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            {saving ? 'Updating...' : 'Update Password'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

// Profile > Security > Account Security: the spec's warning and 'Delete Account', which asks for
// confirmation and the current password, deletes the account and every note on the server, clears this
// device's copy and signs out to /login.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LoaderCircle, ShieldAlert, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog, preloadConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { preloadOnIntent } from '../../lib/lazy-with-preload';
import { toast } from '../../lib/toast';
import { useSignOut } from '../../data/auth';
import { useDeleteAccount, WrongPasswordError } from './api/delete-account';
import { PASSWORD_MESSAGES } from './profile-fields';

export function DeleteAccountCard({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount(userId);
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const onOpenChange = (next: boolean) => {
    if (deleting) return;
    setOpen(next);
    if (!next) {
      setPassword('');
      setError(null);
    }
  };

  const confirm = async () => {
    if (password === '' || deleting) return;
    setDeleting(true);
    setError(null);
    try {
      await deleteAccount.mutateAsync(password);
    } catch (failure) {
      setDeleting(false);
      if (failure instanceof WrongPasswordError) {
        setError(PASSWORD_MESSAGES.wrongCurrent);
        toast({ variant: 'destructive', title: 'Error', description: PASSWORD_MESSAGES.wrongCurrent });
      } else {
        console.warn('Deleting the account failed:', failure);
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'We could not delete your account. Please try again.',
        });
      }
      return;
    }
    // The account is gone and this device's copy with it (see useDeleteAccount): nothing is left to sync first.
    await signOut();
    await navigate('/login', { replace: true });
    toast({ title: 'Account deleted', description: 'Your account and all your notes have been deleted.' });
  };

  return (
    <Card className="border-destructive/40">
      <CardHeader layout="row">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-destructive/10 text-destructive">
          <ShieldAlert aria-hidden="true" className="size-[1.125rem]" />
        </span>
        <div className="grid gap-1">
          <CardTitle as="h2" className="text-base">
            Account Security
          </CardTitle>
          <CardDescription>Permanently delete your account and everything in it.</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <p className="max-w-md text-sm font-medium">
          Once you delete your account, there is no going back. Please be certain.
        </p>
        <Button
          variant="destructive"
          aria-haspopup="dialog"
          aria-expanded={open}
          {...preloadOnIntent(preloadConfirmDialog)}
          onClick={() => onOpenChange(true)}
        >
          <Trash2 aria-hidden="true" />
          Delete Account
        </Button>
        <ConfirmDialog
          open={open}
          title="Delete your account?"
          description="This permanently deletes your account and all your notes, on the server and on this device. It cannot be undone."
          cancelLabel="Cancel"
          confirmLabel={
            <>
              {deleting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Trash2 aria-hidden="true" />}
              {deleting ? 'Deleting...' : 'Delete Account'}
            </>
          }
          onCancel={() => onOpenChange(false)}
          onConfirm={() => void confirm()}
          busy={deleting}
          confirmDisabled={password === ''}
        >
          <div className="grid gap-2">
            <Label htmlFor="delete-account-password">Current Password</Label>
            <Input
              id="delete-account-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'delete-account-error' : 'delete-account-hint'}
            />
            {error ? (
              <p id="delete-account-error" role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : (
              <p id="delete-account-hint" className="text-sm text-muted-foreground">
                Enter your password to confirm.
              </p>
            )}
          </div>
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}

// The confirm dialog itself (confirm-dialog.tsx loads it on first use): Radix AlertDialog, so focus
// starts on Cancel and Escape or Cancel says no; the confirming button is destructive, since most questions
// it asks are about losing something (`constructive` for one that is not). A form, so that Enter in one of
// its fields confirms.
import { useRef, type FormEvent, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog';
import { Button } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  /** What the question needs besides yes or no (a password field), between it and the buttons. */
  children?: ReactNode;
  cancelLabel: string;
  /** The confirming button's content. */
  confirmLabel: ReactNode;
  /** Cancel or Escape. Closing is the owner's: the dialog shows while `open`. */
  onCancel: () => void;
  /** The confirming button, or Enter in a field; the dialog stays open until `open` turns false. */
  onConfirm: () => void;
  /** The confirmed action is under way: neither button answers. */
  busy?: boolean;
  /** Confirming is not possible yet (a required field is empty). */
  confirmDisabled?: boolean;
  /** Where focus goes once closed (call preventDefault); by default back where it was when the dialog opened. */
  onCloseAutoFocus?: (event: Event) => void;
  /** A question whose yes loses nothing (turning a feature on): the confirming button is the primary one. */
  constructive?: boolean;
}

export function ConfirmAlert(props: ConfirmDialogProps) {
  const {
    open,
    title,
    description,
    children,
    cancelLabel,
    confirmLabel,
    onCancel,
    onConfirm,
    busy = false,
    confirmDisabled = false,
    constructive = false,
    onCloseAutoFocus,
  } = props;
  // Radix gives focus back only to a Trigger of its own, and these dialogs are opened by their owners.
  const returnTo = useRef<HTMLElement | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy && !confirmDisabled) onConfirm();
  };
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <AlertDialogContent
        onOpenAutoFocus={() => {
          returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          // Unless it has gone meanwhile (a deleted note's card, a screen left).
          if (returnTo.current?.isConnected) returnTo.current.focus();
        }}
      >
        <form onSubmit={submit} className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription>{description}</AlertDialogDescription>
          </AlertDialogHeader>
          {children}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>{cancelLabel}</AlertDialogCancel>
            <Button type="submit" variant={constructive ? 'default' : 'destructive'} disabled={busy || confirmDisabled}>
              {confirmLabel}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

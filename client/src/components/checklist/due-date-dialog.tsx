// The date of a checklist item (issue 35), loaded when first opened: the browser's own date and time fields
// (a keyboard types them, a phone opens its wheel), a repeat, 'Remind me' (with a time only; the first time
// it is turned on the browser is asked for notifications and, where it can, subscribed to the server's
// reminders for when Sprout is closed), 'Add to calendar' for a saved date, Clear and Save.
import { useId, useState, type FormEvent } from 'react';
import { Bell, CalendarDays, CalendarPlus, Repeat as RepeatIcon } from 'lucide-react';
import type { ChecklistItem } from '#core/note';
import type { StepNote } from '#core/icalendar';
import type { DueMembers } from '#core/checklist-due';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Switch } from '../ui/switch';
import { cn } from '../../lib/utils';
import { formOf, membersOf, REPEAT_CHOICES, type DueForm } from './due-form';

export interface DueDateDialogProps {
  /** The item whose date is edited; null while closed. */
  item: ChecklistItem | null;
  timeZone: string;
  onOpenChange: (open: boolean) => void;
  /** The new date members, or null to clear the date. */
  onSave: (members: DueMembers | null) => void;
  /** Where focus goes back when the dialog closes (it has no Radix trigger). */
  returnFocus: () => void;
  /** The note the item is in, once saved: its dated item can be added to a calendar as a file. */
  note?: StepNote | undefined;
}

type Permission = NotificationPermission | 'unsupported';

function notificationPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

export function DueDateDialog({ item, timeZone, onOpenChange, onSave, returnFocus, note }: DueDateDialogProps) {
  return (
    <Dialog open={item !== null} onOpenChange={onOpenChange}>
      <DialogContent
        placement="top-1/2 -translate-y-1/2 gap-4 p-5 sm:max-w-md sm:p-6"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        {/* Keyed by item: each opening starts from that item's date. */}
        {item && <DueFields key={item.id} item={item} timeZone={timeZone} onSave={onSave} note={note} />}
      </DialogContent>
    </Dialog>
  );
}

function DueFields({
  item,
  timeZone,
  onSave,
  note,
}: {
  item: ChecklistItem;
  timeZone: string;
  onSave: (members: DueMembers | null) => void;
  note: StepNote | undefined;
}) {
  const ids = { date: useId(), time: useId(), repeat: useId(), remind: useId(), remindHint: useId() };
  const [form, setForm] = useState<DueForm>(() => formOf(item, timeZone));
  const [permission, setPermission] = useState<Permission>(notificationPermission);
  const set = (patch: Partial<DueForm>) => setForm((current) => ({ ...current, ...patch }));
  const members = membersOf(form, timeZone);
  const hasTime = form.time !== '';

  const [push, setPush] = useState<'unknown' | 'subscribed'>('unknown');

  const turnRemind = (on: boolean) => {
    set({ remind: on });
    // Asked only when a reminder is wanted, never before (issue 35): the app's own toast reminds anyway.
    if (!on || permission === 'denied' || permission === 'unsupported') return;
    void remindOnThisDevice().then(
      (subscribed) => {
        setPermission(notificationPermission());
        if (subscribed) setPush('subscribed');
      },
      () => setPermission(notificationPermission()),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (members) onSave(members);
  };

  const remindHint = !hasTime
    ? 'Set a time to be reminded.'
    : form.remind && permission === 'denied'
      ? 'Notifications are blocked in this browser: Sprout reminds you while it is open.'
      : push === 'subscribed'
        ? 'Sprout reminds you at that time on this device, even when it is closed.'
        : 'Sprout reminds you at that time while it is open.';

  return (
    <>
      <DialogHeader className="pr-8 text-left">
        <DialogTitle className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-5 text-primary" />
          Due date
        </DialogTitle>
        <DialogDescription className="line-clamp-2 break-words">
          {item.text.trim() || 'Untitled item'}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} className="grid gap-4">
        <div className="grid gap-3 min-[26rem]:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={ids.date}>Date</Label>
            <Input
              id={ids.date}
              type="date"
              required
              value={form.date}
              onChange={(event) => set({ date: event.target.value })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.time}>
              Time <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Input
              id={ids.time}
              type="time"
              value={form.time}
              onChange={(event) => set({ time: event.target.value, ...(event.target.value ? {} : { remind: false }) })}
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.repeat}>
            <RepeatIcon aria-hidden="true" className="size-4 text-muted-foreground" />
            Repeat
          </Label>
          {/* The browser's own select: a phone shows its native picker. */}
          <select
            id={ids.repeat}
            value={form.repeat}
            onChange={(event) => set({ repeat: event.target.value as DueForm['repeat'] })}
            className={cn(
              'h-9 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none md:text-sm',
              'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
            )}
          >
            {REPEAT_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-start justify-between gap-3 rounded-lg border bg-muted/30 p-3">
          <div className="grid gap-1">
            <Label htmlFor={ids.remind}>
              <Bell aria-hidden="true" className="size-4 text-muted-foreground" />
              Remind me
            </Label>
            <p id={ids.remindHint} className="text-xs text-muted-foreground">
              {remindHint}
            </p>
          </div>
          <Switch
            id={ids.remind}
            checked={hasTime && form.remind}
            disabled={!hasTime}
            aria-describedby={ids.remindHint}
            onCheckedChange={turnRemind}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
          {item.due ? (
            <div className="flex flex-wrap gap-1">
              <Button type="button" variant="ghost-destructive" onClick={() => onSave(null)}>
                Clear date
              </Button>
              {note && (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() =>
                    void import('../../lib/download-ics').then(({ downloadIcs }) => downloadIcs(item, note))
                  }
                >
                  <CalendarPlus aria-hidden="true" />
                  Add to calendar
                </Button>
              )}
            </div>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={members === null}>
            Save
          </Button>
        </div>
      </form>
    </>
  );
}

/**
 * Reminders for this device: subscribed to the server's (Web Push) where the browser and server can, which
 * asks for notifications; else notifications alone, for the app's reminders while it is open. True when
 * subscribed.
 */
async function remindOnThisDevice(): Promise<boolean> {
  const { subscribeToPush } = await import('../../lib/push-subscription');
  const outcome = await subscribeToPush();
  if (outcome === 'subscribed') return true;
  // Older Safari answers through a callback and returns nothing: Promise.resolve covers both.
  if (outcome === 'unavailable' && Notification.permission === 'default')
    await Promise.resolve(Notification.requestPermission());
  return false;
}

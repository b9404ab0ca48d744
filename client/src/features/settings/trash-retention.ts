// Settings > Sync > Trash: the choices of how long deleted notes stay in the Trash, and what a save says.
import type { RetentionSaved, TrashRetention } from '../../data/trash-retention';

export const TRASH_RETENTION_OPTIONS: readonly { value: TrashRetention; label: string }[] = [
  { value: 7, label: '7 days' },
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 'never', label: 'Until I delete them' },
];

/** The choice a Select's string value names, or null. */
export function retentionFromValue(value: string): TrashRetention | null {
  return TRASH_RETENTION_OPTIONS.find((option) => String(option.value) === value)?.value ?? null;
}

/** The toast after a save: what is kept now, and, when offline, that the account learns it later. */
export function retentionSavedMessage(
  retention: TrashRetention,
  saved: RetentionSaved,
): { title: string; description: string } {
  const kept =
    retention === 'never'
      ? 'Deleted notes are now kept until you delete them.'
      : `Deleted notes are now kept for ${retention} days.`;
  return {
    title: 'Setting Saved',
    description: saved === 'queued' ? `${kept} Your account is updated when you are back online.` : kept,
  };
}

export const RETENTION_SAVE_FAILED = {
  variant: 'destructive',
  title: 'Error Saving Setting',
  description: 'There was a problem saving how long deleted notes are kept.',
} as const;

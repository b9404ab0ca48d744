// What the conflict view says after a choice [S23].
import type { ToastMessage } from '../../../data/notes';

export const CONFLICT_MESSAGES = {
  'keep-this': { title: 'Conflict resolved', description: 'This version was kept and the copy was removed.' },
  'keep-other': { title: 'Conflict resolved', description: 'The other version was kept and this copy was deleted.' },
  'keep-both': { title: 'Conflict resolved', description: 'Both versions were kept as separate notes.' },
  gone: { title: 'Already resolved', description: 'This copy is no longer on this device.' },
  changed: {
    title: 'A version changed',
    description: 'One of the two versions changed while you were comparing them. Look at them again, then choose.',
  },
  failed: {
    title: 'Error',
    description: "We couldn't resolve the conflict. Please try again.",
    variant: 'destructive',
  },
} as const satisfies Record<string, ToastMessage>;

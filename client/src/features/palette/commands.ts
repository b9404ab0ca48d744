// The command palette's commands (issue 12, point 3) and how a query picks them: every word of the
// query must start a word of the command's label or keywords.
export type CommandId =
  | 'quick-note'
  | 'new-checklist'
  | 'new-idea'
  | 'go-dashboard'
  | 'go-chat'
  | 'go-checklists'
  | 'go-today'
  | 'go-archive'
  | 'go-trash'
  | 'go-settings'
  | 'go-profile'
  | 'sync'
  | 'export-notes'
  | 'manage-tags'
  | 'delete-note'
  | 'toggle-theme'
  | 'shortcuts'
  | 'sign-out';

export type CommandGroup = 'Create' | 'Go to' | 'Actions';

export interface PaletteCommand {
  id: CommandId;
  label: string;
  group: CommandGroup;
  keywords?: readonly string[];
  /** The shortcut shown beside it. */
  shortcut?: string;
}

export const COMMAND_GROUPS: readonly CommandGroup[] = ['Create', 'Go to', 'Actions'];

/**
 * Every command; the theme command's label names the theme it switches to. 'Delete this note' is there
 * while a note's screen is open (`noteOpen`).
 */
export function paletteCommands(options: {
  aiName: string;
  theme: 'light' | 'dark';
  noteOpen?: boolean;
}): PaletteCommand[] {
  return [
    {
      id: 'quick-note',
      label: 'New quick note',
      group: 'Create',
      keywords: ['create', 'add', 'write', 'jot'],
      shortcut: 'N',
    },
    { id: 'new-checklist', label: 'New checklist', group: 'Create', keywords: ['create', 'add', 'todo', 'list'] },
    {
      id: 'new-idea',
      label: `New idea with ${options.aiName}`,
      group: 'Create',
      keywords: ['create', 'assistant', 'ai', 'expand', 'plan'],
    },
    { id: 'go-dashboard', label: 'Go to your notes', group: 'Go to', keywords: ['dashboard', 'home', 'notes'] },
    { id: 'go-chat', label: 'Go to AI chat', group: 'Go to', keywords: ['assistant', 'conversation'] },
    { id: 'go-checklists', label: 'Go to checklists', group: 'Go to', keywords: ['todo', 'lists'] },
    {
      id: 'go-today',
      label: 'Go to Today',
      group: 'Go to',
      keywords: ['due', 'dates', 'overdue', 'agenda', 'upcoming', 'tasks', 'reminders'],
    },
    { id: 'go-archive', label: 'Go to Archive', group: 'Go to', keywords: ['archived', 'unarchive', 'done', 'old'] },
    { id: 'go-trash', label: 'Go to Trash', group: 'Go to', keywords: ['deleted', 'restore', 'bin', 'recycle'] },
    {
      id: 'go-settings',
      label: 'Go to settings',
      group: 'Go to',
      keywords: ['preferences', 'options', 'editor', 'appearance'],
    },
    { id: 'go-profile', label: 'Go to profile', group: 'Go to', keywords: ['account', 'password', 'name'] },
    { id: 'sync', label: 'Sync now', group: 'Actions', keywords: ['cloud', 'upload', 'refresh'] },
    {
      id: 'export-notes',
      label: 'Export or import notes',
      group: 'Actions',
      keywords: ['download', 'backup', 'markdown', 'json', 'data', 'zip'],
    },
    {
      id: 'manage-tags',
      label: 'Manage tags',
      group: 'Actions',
      keywords: ['rename', 'labels', 'hashtags'],
    },
    ...(options.noteOpen
      ? [
          {
            id: 'delete-note' as const,
            label: 'Delete this note',
            group: 'Actions' as const,
            keywords: ['trash', 'remove', 'bin'],
          },
        ]
      : []),
    {
      id: 'toggle-theme',
      label: options.theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme',
      group: 'Actions',
      keywords: ['theme', 'dark', 'light', 'mode', 'appearance'],
    },
    {
      id: 'shortcuts',
      label: 'Show keyboard shortcuts',
      group: 'Actions',
      keywords: ['help', 'keys', 'hotkeys'],
      shortcut: '?',
    },
    { id: 'sign-out', label: 'Sign out', group: 'Actions', keywords: ['log out', 'logout', 'exit'] },
  ];
}

function words(text: string): string[] {
  return text
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The commands whose label or keywords have, for every word of the query, a word starting with it. */
export function filterCommands(commands: readonly PaletteCommand[], query: string): PaletteCommand[] {
  const terms = words(query);
  if (terms.length === 0) return [...commands];
  return commands.filter((command) => {
    const own = words([command.label, ...(command.keywords ?? [])].join(' '));
    return terms.every((term) => own.some((word) => word.startsWith(term)));
  });
}

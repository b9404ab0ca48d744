// The command palette (issue 12, point 3): Ctrl/Cmd+K. Finds notes (useNoteSearch, the notes' search)
// and runs commands; a Radix dialog (focus trapped, Escape closes) around a cmdk list, so arrow keys
// move, Enter runs and the screen reader hears the active option.
import { useMemo, useRef, useState } from 'react';
import { Command } from 'cmdk';
import { FileText, ListChecks, Search } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { useNoteSearch, type NoteView } from '../../data/notes';
import { cn } from '../../lib/utils';
import { COMMAND_GROUPS, filterCommands, type CommandId, type PaletteCommand } from './commands';

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  commands: readonly PaletteCommand[];
  onCommand: (id: CommandId) => void;
  onOpenNote: (note: NoteView) => void;
}

const itemClass =
  'flex cursor-default items-center gap-3 rounded-lg px-3 py-2.5 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0';
const groupClass =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wider [&_[cmdk-group-heading]]:text-muted-foreground [&_[cmdk-group-heading]]:uppercase';

export function CommandPalette({ open, onOpenChange, commands, onCommand, onOpenNote }: CommandPaletteProps) {
  const [query, setQuery] = useState('');
  const notes = useNoteSearch(open ? query : '') ?? [];
  const shown = useMemo(() => filterCommands(commands, query), [commands, query]);
  // After running a command the next screen places focus itself (a quick note's title); do not take it back.
  const ran = useRef(false);

  const run = (action: () => void) => {
    ran.current = true;
    onOpenChange(false);
    action();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) ran.current = false;
        else setQuery('');
        onOpenChange(next);
      }}
    >
      <DialogContent
        showCloseButton={false}
        className="top-[12vh] translate-y-0 gap-0 overflow-hidden p-0 sm:max-w-xl"
        onCloseAutoFocus={(event) => {
          if (ran.current) event.preventDefault();
        }}
      >
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <DialogDescription className="sr-only">Find a note or run a command. Use the arrow keys to choose and Enter to open.</DialogDescription>
        <Command shouldFilter={false} loop label="Find a note or run a command">
          <div className="flex items-center gap-2 border-b px-4">
            <Search aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <Command.Input
              value={query}
              onValueChange={setQuery}
              placeholder="Find a note or run a command…"
              className="h-12 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground md:text-sm"
            />
          </div>
          <Command.List className="max-h-[min(60vh,26rem)] overflow-y-auto overscroll-contain p-1.5">
            <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">Nothing found.</Command.Empty>
            {notes.length > 0 && (
              <Command.Group heading="Notes" className={groupClass}>
                {notes.map((note) => (
                  <Command.Item key={note.id} value={`note:${note.id}`} onSelect={() => run(() => onOpenNote(note))} className={itemClass}>
                    {note.is_checklist ? <ListChecks aria-hidden="true" className="text-primary" /> : <FileText aria-hidden="true" className="text-muted-foreground" />}
                    <span className="min-w-0 flex-1 truncate">{note.title.trim() || 'Untitled'}</span>
                  </Command.Item>
                ))}
              </Command.Group>
            )}
            {COMMAND_GROUPS.map((group) => {
              const items = shown.filter((command) => command.group === group);
              if (items.length === 0) return null;
              return (
                <Command.Group key={group} heading={group} className={groupClass}>
                  {items.map((command) => (
                    <Command.Item key={command.id} value={command.id} onSelect={() => run(() => onCommand(command.id))} className={itemClass}>
                      <span className="min-w-0 flex-1 truncate">{command.label}</span>
                      {command.shortcut && (
                        <kbd className={cn('rounded border bg-muted px-1.5 font-mono text-[11px] leading-5 text-muted-foreground')}>{command.shortcut}</kbd>
                      )}
                    </Command.Item>
                  ))}
                </Command.Group>
              );
            })}
          </Command.List>
        </Command>
      </DialogContent>
    </Dialog>
  );
}

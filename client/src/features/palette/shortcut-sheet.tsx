// The '?' sheet: every keyboard shortcut of the app, in a dialog.
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import type { ShortcutHelp } from './shortcuts';

export function ShortcutSheet({
  open,
  onOpenChange,
  shortcuts,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  shortcuts: readonly ShortcutHelp[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent placement="top-1/2 -translate-y-1/2 gap-4 p-6 sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>They work anywhere except while you are typing in a field.</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-1">
          {shortcuts.map((shortcut) => (
            <div
              key={shortcut.description}
              className="flex items-center justify-between gap-4 rounded-lg px-2 py-2 odd:bg-muted/50"
            >
              <dt className="text-sm">{shortcut.description}</dt>
              <dd className="flex shrink-0 gap-1">
                {shortcut.keys.map((key) => (
                  <kbd
                    key={key}
                    className="min-w-7 rounded-md border bg-background px-2 text-center font-mono text-xs leading-6 shadow-xs"
                  >
                    {key}
                  </kbd>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}

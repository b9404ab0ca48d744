// The command palette with its commands, loaded on first use: the commands name the assistant, whose name
// is in the AI preferences, server state that only screens reading it load (lib/query-provider.tsx). So
// the signed-in screens carry neither cmdk nor TanStack Query before the palette is opened (issue 10).
import { useMemo } from 'react';
import { useAiPreferences } from '../../data/ai-preferences';
import { QueryProvider } from '../../lib/query-provider';
import { CommandPalette, type CommandPaletteProps } from './command-palette';
import { paletteCommands } from './commands';

export interface CommandPaletteScreenProps extends Omit<CommandPaletteProps, 'commands' | 'aiName'> {
  theme: 'light' | 'dark';
  /** A note's screen is open: its own commands are offered. */
  noteOpen: boolean;
}

function PaletteWithCommands({ theme, noteOpen, ...props }: CommandPaletteScreenProps) {
  const { preferences } = useAiPreferences();
  const commands = useMemo(
    () => paletteCommands({ aiName: preferences.aiName, theme, noteOpen }),
    [preferences.aiName, theme, noteOpen],
  );
  return <CommandPalette {...props} commands={commands} aiName={preferences.aiName} />;
}

export function CommandPaletteScreen(props: CommandPaletteScreenProps) {
  return (
    <QueryProvider>
      <PaletteWithCommands {...props} />
    </QueryProvider>
  );
}

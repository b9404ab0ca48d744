// The keyboard layer of the signed-in screens (issue 12, point 3): Ctrl/Cmd+K opens the command palette,
// `n` makes a quick note, `/` focuses the notes search field (or opens the palette where there is none),
// `?` lists the shortcuts. None fires while typing in a field or with a dialog open. Screens open the
// palette with usePalette() (the sidebar's and the mobile top bar's search buttons). Keys typed right
// after Ctrl+K, while the palette loads and before its field has focus, go into its query (issue 33):
// none of them fires a shortcut.
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSignOut } from '../../data/auth';
import { useManualSync, useNote, type NoteView } from '../../data/notes';
import { focusNoteSearchField } from '../../lib/search-field';
import { useTheme } from '../../lib/use-theme';
import { tagPath, useQuickCapture } from '../notes';
import type { CommandId } from './commands';
import { typeAhead, typesIntoTarget } from '../../lib/typed-keys';
import { isMacPlatform, matchShortcut, shortcutList } from './shortcuts';

// cmdk, the dialogs and the assistant's name (its preferences) load on first use, not with every
// signed-in screen (issue 10's first-load budget).
const CommandPalette = lazy(() =>
  import('./command-palette-screen').then((m) => ({ default: m.CommandPaletteScreen })),
);
const ShortcutSheet = lazy(() => import('./shortcut-sheet').then((m) => ({ default: m.ShortcutSheet })));
const DeleteOpenNote = lazy(() => import('./delete-open-note').then((m) => ({ default: m.DeleteOpenNote })));

/** The note a note screen (its view or its edit form) shows, by its route. */
function openNoteId(pathname: string): string | null {
  return /^\/(?:note|edit)\/([^/]+)$/.exec(pathname)?.[1] ?? null;
}

export interface PaletteControls {
  openPalette: () => void;
  openShortcuts: () => void;
  /** '⌘K' or 'Ctrl K', for hints beside buttons. */
  paletteHint: string;
}

const PaletteContext = createContext<PaletteControls | null>(null);

export function usePalette(): PaletteControls {
  const value = useContext(PaletteContext);
  if (!value) throw new Error('usePalette must be used inside <PaletteProvider>');
  return value;
}

const GO: Partial<Record<CommandId, string>> = {
  'new-idea': '/new',
  'go-dashboard': '/',
  'go-chat': '/chat',
  'go-checklists': '/checklists',
  'go-today': '/today',
  'go-archive': '/archive',
  'go-trash': '/trash',
  'go-settings': '/settings',
  'go-profile': '/profile',
  // Settings > Sync, at its 'Your data' card (settings/your-data/your-data-section.tsx).
  'export-notes': '/settings?tab=sync#your-data',
  // Settings > Editor, at its 'Tags' card (settings/tags-settings.tsx).
  'manage-tags': '/settings?tab=editor#tags',
};

// A dialog still fading out after closing has data-state="closed": it no longer counts.
const OPEN_MODAL = ['dialog', 'alertdialog', 'menu']
  .map((role) => `[role="${role}"]:not([data-state="closed"])`)
  .join(', ');

function modalOpen(): boolean {
  return document.querySelector(OPEN_MODAL) !== null;
}

export function PaletteProvider({ children }: { children: ReactNode }) {
  const [paletteOpen, setPaletteOpenState] = useState(false);
  // Each opening is a fresh palette (empty query, focus in its field), even while the last one fades out.
  const [paletteKey, setPaletteKey] = useState(0);
  // Keys typed since the palette was asked for and before its field took them.
  const [typedAhead, setTypedAhead] = useState('');
  const typed = useRef<{ open: boolean; text: string }>({ open: false, text: '' });
  const setPaletteOpen = useCallback((open: boolean) => {
    if (open) setPaletteKey((key) => key + 1);
    typed.current = { open, text: '' };
    setTypedAhead('');
    setPaletteOpenState(open);
  }, []);
  const [sheetOpen, setSheetOpen] = useState(false);
  const navigate = useNavigate();
  const { quickNote, newChecklist } = useQuickCapture();
  const sync = useManualSync();
  const signOut = useSignOut();
  const { theme, toggleTheme } = useTheme();
  const openNote = useNote(openNoteId(useLocation().pathname));
  const [deleting, setDeleting] = useState<NoteView | null>(null);
  // Once opened, each stays mounted, so that closing plays its exit and reopening is instant.
  const [paletteUsed, setPaletteUsed] = useState(false);
  const [sheetUsed, setSheetUsed] = useState(false);
  if (paletteOpen && !paletteUsed) setPaletteUsed(true);
  if (sheetOpen && !sheetUsed) setSheetUsed(true);
  const [mac] = useState(() => typeof navigator !== 'undefined' && isMacPlatform(navigator.platform));

  const openPalette = useCallback(() => setPaletteOpen(true), [setPaletteOpen]);
  const openShortcuts = useCallback(() => setSheetOpen(true), []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const typing = typesIntoTarget(event.target);
      if (typed.current.open && !typing) {
        const text = typeAhead(typed.current.text, event);
        if (text !== null) {
          event.preventDefault();
          typed.current.text = text;
          setTypedAhead(text);
          return;
        }
      }
      // No shortcut fires while typing: the DOM query for a dialog is spared on every typed key.
      const action = matchShortcut(event, { typing, modalOpen: !typing && modalOpen() });
      if (!action) return;
      event.preventDefault();
      if (action === 'palette') setPaletteOpen(true);
      else if (action === 'help') setSheetOpen(true);
      else if (action === 'quick-note') void quickNote();
      else if (!focusNoteSearchField()) setPaletteOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [quickNote, setPaletteOpen]);

  const onCommand = useCallback(
    (id: CommandId) => {
      const path = GO[id];
      if (path) void navigate(path);
      else if (id === 'quick-note') void quickNote();
      else if (id === 'new-checklist') void newChecklist();
      else if (id === 'sync') void sync();
      else if (id === 'toggle-theme') toggleTheme();
      else if (id === 'shortcuts') setSheetOpen(true);
      else if (id === 'delete-note') setDeleting(openNote ?? null);
      else if (id === 'sign-out') {
        void signOut().then((result) => {
          if (result === 'signed-out') void navigate('/login', { replace: true });
        });
      }
    },
    [navigate, quickNote, newChecklist, sync, toggleTheme, signOut, openNote],
  );

  const onOpenNote = useCallback((note: NoteView) => void navigate(`/note/${note.id}`), [navigate]);
  const onSeeAll = useCallback(
    (query: string) => void navigate(`/?${new URLSearchParams({ q: query.trim() }).toString()}`),
    [navigate],
  );
  const onOpenTag = useCallback((tag: string) => void navigate(tagPath(tag)), [navigate]);
  const onAsk = useCallback(
    (query: string) => void navigate(`/chat?${new URLSearchParams({ ask: query.trim() }).toString()}`),
    [navigate],
  );
  const controls = useMemo(
    () => ({ openPalette, openShortcuts, paletteHint: mac ? '⌘K' : 'Ctrl K' }),
    [openPalette, openShortcuts, mac],
  );

  return (
    <PaletteContext.Provider value={controls}>
      {children}
      <Suspense fallback={null}>
        {(paletteOpen || paletteUsed) && (
          <CommandPalette
            key={paletteKey}
            open={paletteOpen}
            onOpenChange={setPaletteOpen}
            theme={theme}
            noteOpen={Boolean(openNote)}
            onCommand={onCommand}
            onOpenNote={onOpenNote}
            onSeeAll={onSeeAll}
            onOpenTag={onOpenTag}
            onAsk={onAsk}
            typedAhead={typedAhead}
          />
        )}
        {(sheetOpen || sheetUsed) && (
          <ShortcutSheet open={sheetOpen} onOpenChange={setSheetOpen} shortcuts={shortcutList(mac)} />
        )}
        {deleting && (
          <DeleteOpenNote
            note={deleting}
            onClose={() => setDeleting(null)}
            onDeleted={(note) => void navigate(note.is_checklist ? '/checklists' : '/', { replace: true })}
          />
        )}
      </Suspense>
    </PaletteContext.Provider>
  );
}

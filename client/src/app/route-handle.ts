// Route metadata, in its own module so the root route and the route table need not import each other.
import type { NotesKind } from '../data/notes';

/**
 * A route's `handle`: `title` becomes the document title ('<title> · Sprout'); `showsNotes` marks a screen
 * that says itself when its notes are shown (lib/first-content.ts), where the layout counts any other
 * screen as shown once it renders. `notesList` is the kind of notes a list screen shows, whose first
 * page a start reads while the screen's code and the layout render (data/notes/live-pages.ts).
 * `ownBottomBar`: on a phone the screen shows its own bar of actions at the bottom, in place of the tab
 * bar (a note's screen, issue 33: two stacked bars took 115 px); the top bar's menu still navigates.
 */
export interface RouteHandle {
  title?: string;
  showsNotes?: boolean;
  notesList?: NotesKind;
  ownBottomBar?: boolean;
}

// Route metadata, in its own module so the root route and the route table need not import each other.

/**
 * A route's `handle`: `title` becomes the document title ('<title> · Sprout'); `showsNotes` marks a screen
 * that says itself when its notes are shown (lib/first-content.ts), where the layout counts any other
 * screen as shown once it renders.
 */
export interface RouteHandle {
  title?: string;
  showsNotes?: boolean;
}

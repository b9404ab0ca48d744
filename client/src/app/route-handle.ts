// Route metadata, in its own module so the root route and the route table need not import each other.

/** A route's `handle`: `title` becomes the document title ('<title> · Sprout'). */
export interface RouteHandle {
  title?: string;
}

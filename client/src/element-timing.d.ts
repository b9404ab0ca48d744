// Element Timing's attribute (https://wicg.github.io/element-timing/), which React passes to the DOM as
// written but its types do not list: lib/first-content.ts waits for the element marked with it.
import 'react';

declare module 'react' {
  // Merged with React's own declaration, whose type parameter it must name the same.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}

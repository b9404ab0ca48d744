// A link for the many cards of a list: a plain <a> whose ordinary click navigates inside the app.
// react-router's Link runs about twenty hooks per instance (resolving its href, prefetching, view
// transitions); with two on every card they were an eighth of React's work when a search keystroke
// brought new cards. The card takes `navigate` once, and absolute paths need no resolving.
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import type { NavigateFunction, NavigateOptions } from 'react-router';

export interface ListLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path in the app. */
  to: `/${string}`;
  navigate: NavigateFunction;
  state?: NavigateOptions['state'];
}

/** A click the browser would follow in this tab: the main button, no modifier key, no other target. */
export function isPlainClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'>,
  target?: string,
): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!target || target === '_self')
  );
}

export function ListLink({ to, navigate, state, onClick, ...anchor }: ListLinkProps) {
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event, anchor.target)) return;
        event.preventDefault();
        void navigate(to, { state });
      }}
    />
  );
}

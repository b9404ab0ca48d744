// Sets the browser tab title to '<title> · Sprout' (or 'Sprout' without a title).
import { useEffect } from 'react';

export const APP_NAME = 'Sprout';

export function documentTitle(title: string | null | undefined): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/** Call from a page with a title that depends on data (e.g. a note's title); route titles are set for you. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

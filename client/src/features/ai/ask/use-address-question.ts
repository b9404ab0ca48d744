// The question a link asks at once (/chat?ask=…, the palette's Ask): asked when the panel can, and once.
// The page then drops it from the address, but that navigation is a transition and may land after a quick
// answer has finished: the question was still there when the panel was free again, and was asked twice.

import { useEffect, useRef } from 'react';

/**
 * Asks `question` once `ready`, then calls `onTaken`; the same question is not asked again until the
 * address has let go of it (a later link may ask the same words anew). `ask` answers false when it did
 * not take the question (busy): it is tried again the next time `ready` is true.
 */
export function useAddressQuestion(
  question: string | null | undefined,
  ready: boolean,
  ask: (question: string) => boolean,
  onTaken?: () => void,
): void {
  const taken = useRef<string | null>(null);
  useEffect(() => {
    if (!question) {
      taken.current = null;
      return;
    }
    if (!ready || taken.current === question) return;
    if (ask(question)) {
      taken.current = question;
      onTaken?.();
    }
  }, [question, ready, ask, onTaken]);
}

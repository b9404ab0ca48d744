// Reveals a text with the typing effect (40 characters per 50 ms). A text that grows while typing (a
// streamed reply) keeps being revealed at the same pace; text that arrives after a pause starts showing
// at once (the pace limits, it never delays a first character); `animate: false` at mount shows it whole.
import { useEffect, useRef, useState } from 'react';
import { nextRevealLength, revealText, TYPING_INTERVAL_MS } from '../lib/typing-effect';

export function useTypingEffect(text: string, animate: boolean): { shown: string; typing: boolean } {
  // Decided once, at mount: history shows at once, a new reply types.
  const [length, setLength] = useState(() => (animate ? 0 : text.length));
  const total = text.length;
  const lastTick = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    if (length >= total) return;
    const wait = Math.max(0, TYPING_INTERVAL_MS - (performance.now() - lastTick.current));
    const timer = setTimeout(() => {
      lastTick.current = performance.now();
      setLength((current) => nextRevealLength(current, total));
    }, wait);
    return () => clearTimeout(timer);
  }, [length, total]);

  const visible = Math.min(length, total);
  return { shown: revealText(text, visible), typing: visible < total };
}

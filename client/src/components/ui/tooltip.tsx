// Tooltip: shown on hover and keyboard focus, after the provider's delay (wrap the app once in
// TooltipProvider). The trigger renders plainly, with its own name and label, until the first hover or
// focus; then Radix Tooltip (tooltip-popup.tsx), loaded then rather than with every screen (issue 10),
// takes it over and shows the tooltip as it would have.
//   <Tooltip content="Delete note"><Button aria-label="Delete …">…</Button></Tooltip>
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyWithPreload, StandIn, usePreloaded } from '../../lib/lazy-with-preload';
import type { TooltipPopupProps } from './tooltip-popup';

const TooltipPopup = lazyWithPreload(() => import('./tooltip-popup').then((m) => m.TooltipPopup));

type Timing = Pick<TooltipPopupProps, 'delayDuration' | 'skipDelayDuration'>;

// Radix's defaults, for a tooltip outside any provider.
const TimingContext = createContext<Timing>({ delayDuration: 700, skipDelayDuration: 300 });

export function TooltipProvider({
  delayDuration = 300,
  skipDelayDuration = 300,
  children,
}: Partial<Timing> & { children: ReactNode }) {
  const timing = useMemo(() => ({ delayDuration, skipDelayDuration }), [delayDuration, skipDelayDuration]);
  return <TimingContext value={timing}>{children}</TimingContext>;
}

export type TooltipProps = Omit<TooltipPopupProps, keyof Timing | 'handoff' | 'hadFocusRef'>;

export function Tooltip({ children, ...popup }: TooltipProps) {
  const timing = useContext(TimingContext);
  // Where the user is: what the Radix tooltip would open on.
  const [intent, setIntent] = useState<TooltipPopupProps['handoff']>({ hover: false, focus: false });
  // From a press to its release: focus then comes from the press, and opens no tooltip.
  const pressedRef = useRef(false);
  // A press closes the tooltip until the pointer leaves the trigger.
  const pressedSinceEnterRef = useRef(false);
  const hadFocusRef = useRef(false);
  const wanted = intent.hover || intent.focus;
  const loaded = usePreloaded(TooltipPopup, wanted);

  if (wanted && loaded) {
    return (
      <TooltipPopup {...popup} {...timing} handoff={intent} hadFocusRef={hadFocusRef}>
        {children}
      </TooltipPopup>
    );
  }
  return (
    <StandIn
      hadFocusRef={hadFocusRef}
      onPointerMove={(event) => {
        if (event.pointerType === 'touch' || event.buttons !== 0 || pressedSinceEnterRef.current || intent.hover)
          return;
        const at = { x: event.clientX, y: event.clientY };
        setIntent((was) => ({ ...was, hover: true, at }));
      }}
      onPointerLeave={() => {
        pressedSinceEnterRef.current = false;
        setIntent((was) => (was.hover ? { ...was, hover: false } : was));
      }}
      onPointerDown={() => {
        pressedRef.current = true;
        pressedSinceEnterRef.current = true;
        document.addEventListener('pointerup', () => (pressedRef.current = false), { once: true });
        // Not while a button is down: a trigger replaced between press and release would lose the click.
        setIntent({ hover: false, focus: false });
      }}
      onFocus={() => {
        if (!pressedRef.current) setIntent((was) => ({ ...was, focus: true }));
      }}
      onBlur={() => setIntent((was) => (was.focus ? { ...was, focus: false } : was))}
    >
      {children}
    </StandIn>
  );
}

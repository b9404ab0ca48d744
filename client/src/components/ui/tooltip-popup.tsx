// The Radix tooltip behind Tooltip (tooltip.tsx), loaded on the first hover or focus of a trigger: it
// takes the trigger over from the stand-in and carries on from where the user is (pointer over it: the
// usual delay, then the tooltip; focus on it: the tooltip at once).
import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { useTakeFocus } from '../../lib/lazy-with-preload';
import { cn } from '../../lib/utils';

type ContentProps = ComponentProps<typeof TooltipPrimitive.Content>;

export interface TooltipPopupProps {
  /** The trigger: one element that takes a ref and event handlers. */
  children: ReactElement;
  /** What the tooltip says. */
  content: ReactNode;
  side?: ContentProps['side'];
  align?: ContentProps['align'];
  sideOffset?: number;
  /** Classes of the tooltip itself (its width, wrapping). */
  className?: string;
  delayDuration: number;
  skipDelayDuration: number;
  /** Where the user was when the stand-in handed over: the pointer over the trigger (at), focus on it. */
  handoff: { hover: boolean; focus: boolean; at?: { x: number; y: number } };
  /** Whether the stand-in had focus when it went (StandIn). */
  hadFocusRef: RefObject<boolean>;
}

// Radix's TooltipProvider opens a tooltip at once while another is open or has just closed (its skip
// delay). Every tooltip taken over here has a provider of its own, so this module keeps that state for
// all of them, as the one provider of the whole layout did.
let skipping = false;
let skipTimer = 0;
const skipListeners = new Set<() => void>();
const isSkipping = () => skipping;
function setSkipping(value: boolean) {
  if (skipping === value) return;
  skipping = value;
  for (const listener of [...skipListeners]) listener();
}
function subscribeSkipping(listener: () => void) {
  skipListeners.add(listener);
  return () => void skipListeners.delete(listener);
}
function onAnyOpenChange(open: boolean, skipDelayDuration: number) {
  if (skipDelayDuration <= 0) return;
  window.clearTimeout(skipTimer);
  if (open) setSkipping(true);
  else skipTimer = window.setTimeout(() => setSkipping(false), skipDelayDuration);
}

export function TooltipPopup({
  children,
  content,
  side,
  align,
  sideOffset = 6,
  className,
  delayDuration,
  skipDelayDuration,
  handoff,
  hadFocusRef,
}: TooltipPopupProps) {
  const skip = useSyncExternalStore(subscribeSkipping, isSkipping, isSkipping);
  const [open, setOpen] = useState(false);
  // Whether this opening skipped the delay: as with one provider, such an opening does not fade in.
  const [openedAtOnce, setOpenedAtOnce] = useState(false);
  // The trigger is the child element, whatever it is: Radix types it as its default, a button.
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Focus handed over from a stand-in that was pressed (a click focuses a button) opens nothing, as
  // focus from a press does not on Radix's trigger.
  const quietFocusRef = useRef(false);
  useTakeFocus(triggerRef, hadFocusRef, () => {
    quietFocusRef.current = !handoff.focus;
  });
  // With the pointer over the trigger, the move that Radix starts its delay on has been and gone: it
  // gets one.
  const pointerOverRef = useRef(handoff.hover && !handoff.focus ? handoff.at : undefined);
  useEffect(() => {
    const at = pointerOverRef.current;
    const trigger = triggerRef.current;
    pointerOverRef.current = undefined;
    // Only if the pointer is still over it (the page may have scrolled under a still pointer).
    const hit = at && document.elementFromPoint(at.x, at.y);
    if (!trigger || !hit || !trigger.contains(hit)) return;
    trigger.dispatchEvent(
      new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse', clientX: at.x, clientY: at.y }),
    );
  }, []);

  return (
    <TooltipPrimitive.Provider delayDuration={skip ? 0 : delayDuration} skipDelayDuration={skipDelayDuration}>
      <TooltipPrimitive.Root
        open={open}
        onOpenChange={(next) => {
          if (next) setOpenedAtOnce(isSkipping());
          setOpen(next);
          onAnyOpenChange(next, skipDelayDuration);
        }}
      >
        <TooltipPrimitive.Trigger
          asChild
          ref={triggerRef}
          onFocus={(event) => {
            if (!quietFocusRef.current) return;
            quietFocusRef.current = false;
            event.preventDefault();
          }}
        >
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            data-slot="tooltip-content"
            side={side}
            align={align}
            sideOffset={sideOffset}
            className={cn(
              'z-50 w-fit rounded-md bg-foreground px-2.5 py-1.5 text-xs text-balance text-background shadow-md data-[state=closed]:animate-fade-out',
              !openedAtOnce && 'data-[state=delayed-open]:animate-fade-in',
              className,
            )}
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}

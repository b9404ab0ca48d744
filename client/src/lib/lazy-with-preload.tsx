// Components whose code loads when first needed, not with the screen that may show them (issue 10's
// first-load budget): dialogs, sheets and menus when first opened, tooltips on the first hover or focus.
// `preload()` starts the load early, on the intent to use it (a pointer over the trigger, a press, focus),
// so that the first opening is as quick as the next ones. A trigger that is itself part of the lazily
// loaded component (a menu's, a tooltip's) renders as a StandIn until then.
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type FocusEvent,
  type HTMLAttributes,
  type JSX,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type RefObject,
} from 'react';
import { Slot } from '@radix-ui/react-slot';

export interface PreloadableComponent<P extends object> {
  (props: P): JSX.Element;
  /** Starts loading the code, once; resolves when it has loaded. Never rejects: a failed load is tried again by the next call, and a render of the component reports it. */
  preload(): Promise<void>;
  /** Whether the code has loaded: from then on the component renders at once, without suspending. */
  isLoaded(): boolean;
  /** Calls `listener` once the code has loaded (for useSyncExternalStore); returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * A component loaded on first render or on `preload()`, whichever comes first. Until it has loaded it
 * renders nothing (its own Suspense boundary, so a parent screen never falls back to a spinner); once
 * loaded it renders at once. A load that fails throws into the nearest error boundary when rendered,
 * as React.lazy does, and is tried again by the next preload or mount.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let component: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const listeners = new Set<() => void>();
  const start = () =>
    (pending ??= load().then(
      (loaded) => {
        component = loaded;
        for (const listener of [...listeners]) listener();
        return loaded;
      },
      (error: unknown) => {
        // The next preload or mount tries again, through a fresh React.lazy (which keeps its failure).
        pending = undefined;
        Lazy = makeLazy();
        throw error;
      },
    ));
  const makeLazy = () => lazy(async () => ({ default: await start() }));
  let Lazy = makeLazy();

  function Preloadable(props: P) {
    // Chosen once per mount, so that the rendered type never changes (which would remount it).
    const [Ready] = useState<ComponentType<P>>(() => component ?? Lazy);
    return (
      <Suspense fallback={null}>
        <Ready {...props} />
      </Suspense>
    );
  }
  Preloadable.preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  Preloadable.isLoaded = () => component !== undefined;
  Preloadable.subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return Preloadable;
}

/**
 * Whether `target` has loaded, starting its load while `wanted`. For a part that renders a light
 * stand-in until the real one is there (a tooltip's trigger before the first hover).
 */
export function usePreloaded(
  target: Pick<PreloadableComponent<object>, 'preload' | 'isLoaded' | 'subscribe'>,
  wanted: boolean,
): boolean {
  const loaded = useSyncExternalStore(target.subscribe, target.isLoaded, target.isLoaded);
  useEffect(() => {
    if (wanted && !loaded) void target.preload();
  }, [target, wanted, loaded]);
  return loaded;
}

/**
 * True from the first time `open` is true: a lazily loaded dialog is rendered from its first opening on
 * and then stays mounted, so that closing plays its exit and reopening is instant.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export interface IntentHandlers {
  onPointerEnter: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/** Event props for a trigger that start loading what it opens as soon as the user shows the intent to use it. */
export function preloadOnIntent(preload: () => Promise<void>): IntentHandlers {
  const start = () => void preload();
  return { onPointerEnter: start, onPointerDown: start, onFocus: start, onKeyDown: start };
}

/**
 * A trigger's light stand-in until the real, lazily loaded one replaces it: its one child element with
 * `props` merged in (event handlers run after the child's own), exactly as the child would render. When
 * it is replaced, `hadFocusRef` records whether the element had focus, for the replacement to take it back
 * (useTakeFocus): the element itself is a new one.
 */
export function StandIn({
  hadFocusRef,
  children,
  onBlur,
  ...props
}: HTMLAttributes<HTMLElement> & { hadFocusRef: RefObject<boolean>; children: ReactElement }) {
  const elementRef = useRef<HTMLElement | null>(null);
  const goingRef = useRef(false);
  // React detaches refs before it removes the element, while it may still have focus. (A null call,
  // not a ref cleanup: not every child passes cleanups on, react-router's Link does not.)
  const watch = useCallback(
    (element: HTMLElement | null) => {
      if (element) {
        elementRef.current = element;
        goingRef.current = false;
        return;
      }
      hadFocusRef.current = elementRef.current !== null && elementRef.current === document.activeElement;
      goingRef.current = true;
    },
    [hadFocusRef],
  );
  return (
    <Slot
      ref={watch}
      {...props}
      // The browser blurs a focused element as it is removed: that is the hand-over, not the user leaving.
      onBlur={(event) => {
        if (!goingRef.current) onBlur?.(event);
      }}
    >
      {children}
    </Slot>
  );
}

/**
 * For the replacement of a StandIn: focuses `elementRef`'s element once mounted if the stand-in had focus when it went.
 * `onFocus`, if given, runs just before that focus (to tell it from the user's).
 */
export function useTakeFocus(
  elementRef: RefObject<HTMLElement | null>,
  hadFocusRef: RefObject<boolean>,
  onFocus?: () => void,
): void {
  useLayoutEffect(() => {
    if (!hadFocusRef.current) return;
    hadFocusRef.current = false;
    onFocus?.();
    elementRef.current?.focus();
  }, [elementRef, hadFocusRef, onFocus]);
}

// lazyWithPreload: one load however it starts, nothing rendered before it, no suspension once loaded,
// failures reported on render and retried; and the small hooks the lazily loaded dialogs and tooltips use.
import { Component, useRef, useState, type ReactNode, type RefObject } from 'react';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  lazyWithPreload,
  preloadOnIntent,
  StandIn,
  useOpenedOnce,
  usePreloaded,
  useTakeFocus,
} from './lazy-with-preload';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A load that resolves or rejects when the test says. */
function deferredLoad<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const load = vi.fn(
    () =>
      new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return { load, resolve: (value: T) => resolve(value), reject: (error: unknown) => reject(error) };
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

describe('lazyWithPreload', () => {
  it('renders nothing until the code has loaded, then the component, loading it once', async () => {
    const { load, resolve } = deferredLoad<typeof Greeting>();
    const Lazy = lazyWithPreload(load);
    expect(load).not.toHaveBeenCalled();

    render(
      <div data-testid="host">
        <Lazy name="Ada" />
      </div>,
    );
    expect(screen.getByTestId('host').innerHTML).toBe('');
    void Lazy.preload();
    await act(async () => resolve(Greeting));

    expect((await screen.findByText('Hello Ada')).textContent).toBe('Hello Ada');
    expect(Lazy.isLoaded()).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without a fallback frame, once preloaded', async () => {
    const Lazy = lazyWithPreload(async () => Greeting);
    await Lazy.preload();

    render(<Lazy name="Grace" />);
    // No await: the first commit already holds it.
    expect(screen.queryByText('Hello Grace')).not.toBeNull();
  });

  it('tells subscribers when the code has loaded', async () => {
    const { load, resolve } = deferredLoad<typeof Greeting>();
    const Lazy = lazyWithPreload(load);
    const listener = vi.fn();
    const unsubscribe = Lazy.subscribe(listener);
    const preloaded = Lazy.preload();
    expect(listener).not.toHaveBeenCalled();
    resolve(Greeting);
    await preloaded;
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('never rejects a preload; a failed load is tried again, and a render reports it to the error boundary', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('chunk gone'))
      .mockRejectedValueOnce(new Error('chunk still gone'))
      .mockResolvedValue(Greeting);
    const Lazy = lazyWithPreload(load);

    await expect(Lazy.preload()).resolves.toBeUndefined();
    expect(Lazy.isLoaded()).toBe(false);

    const { unmount } = render(
      <Boundary>
        <Lazy name="Linus" />
      </Boundary>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('chunk still gone');
    unmount();
    expect(errors).toHaveBeenCalled();

    // A later mount tries again and succeeds.
    render(
      <Boundary>
        <Lazy name="Linus" />
      </Boundary>,
    );
    expect((await screen.findByText('Hello Linus')).textContent).toBe('Hello Linus');
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('usePreloaded', () => {
  it('starts the load only while wanted and reports when it is there', async () => {
    const { load, resolve } = deferredLoad<typeof Greeting>();
    const Lazy = lazyWithPreload(load);
    const { result, rerender } = renderHook(({ wanted }) => usePreloaded(Lazy, wanted), {
      initialProps: { wanted: false },
    });
    expect(result.current).toBe(false);
    expect(load).not.toHaveBeenCalled();

    rerender({ wanted: true });
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => resolve(Greeting));
    expect(result.current).toBe(true);
  });
});

describe('useOpenedOnce', () => {
  it('is false until the first opening and stays true after closing', () => {
    const { result, rerender } = renderHook(({ open }) => useOpenedOnce(open), { initialProps: { open: false } });
    expect(result.current).toBe(false);
    rerender({ open: true });
    expect(result.current).toBe(true);
    rerender({ open: false });
    expect(result.current).toBe(true);
  });
});

describe('preloadOnIntent', () => {
  it('starts the load on pointer over, press, focus and key', () => {
    const preload = vi.fn(async () => {});
    render(<button {...preloadOnIntent(preload)}>Open</button>);
    const button = screen.getByRole('button', { name: 'Open' });
    fireEvent.pointerEnter(button);
    fireEvent.pointerDown(button);
    fireEvent.focus(button);
    fireEvent.keyDown(button, { key: 'Enter' });
    expect(preload).toHaveBeenCalledTimes(4);
  });
});

describe('StandIn and useTakeFocus', () => {
  function Replacement({ hadFocusRef, onFocus }: { hadFocusRef: RefObject<boolean>; onFocus: () => void }) {
    const ref = useRef<HTMLButtonElement>(null);
    useTakeFocus(ref, hadFocusRef, onFocus);
    return <button ref={ref}>Real</button>;
  }

  /** A trigger whose stand-in is replaced when `swap` is clicked (from outside, like a load finishing). */
  function Harness({ onClick, onBlur, onFocus }: { onClick: () => void; onBlur: () => void; onFocus: () => void }) {
    const hadFocusRef = useRef(false);
    const [swapped, setSwapped] = useState(false);
    return (
      <>
        {swapped ? (
          <Replacement hadFocusRef={hadFocusRef} onFocus={onFocus} />
        ) : (
          <StandIn hadFocusRef={hadFocusRef} onBlur={onBlur} onPointerEnter={() => {}}>
            <button onClick={onClick} className="face">
              Stand-in
            </button>
          </StandIn>
        )}
        <input aria-label="swap" onClick={() => setSwapped(true)} />
      </>
    );
  }

  it('renders the child as it is, its own handlers kept, and hands focus over to the replacement', () => {
    const onClick = vi.fn();
    const onBlur = vi.fn();
    const onFocus = vi.fn();
    render(<Harness onClick={onClick} onBlur={onBlur} onFocus={onFocus} />);
    const standIn = screen.getByRole('button', { name: 'Stand-in' });
    expect(standIn.className).toBe('face');
    fireEvent.click(standIn);
    expect(onClick).toHaveBeenCalledTimes(1);

    standIn.focus();
    // The swap, while the stand-in has focus (fired on the element itself, so focus stays).
    act(() => fireEvent.click(screen.getByRole('textbox', { name: 'swap' })));
    const real = screen.getByRole('button', { name: 'Real' });
    expect(document.activeElement).toBe(real);
    expect(onFocus).toHaveBeenCalledTimes(1);
    // Its removal is no blur of the user's.
    expect(onBlur).not.toHaveBeenCalled();
  });

  it('takes no focus over when the stand-in had none', () => {
    const onFocus = vi.fn();
    render(<Harness onClick={() => {}} onBlur={() => {}} onFocus={onFocus} />);
    act(() => fireEvent.click(screen.getByRole('textbox', { name: 'swap' })));
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Real' }));
    expect(onFocus).not.toHaveBeenCalled();
  });
});

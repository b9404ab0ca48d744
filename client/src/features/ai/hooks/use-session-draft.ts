// A screen's unsaved work kept in sessionStorage per user (nothing typed is lost on a reload, a trip to
// /api-setup or a crash); read leniently through a schema, written on every change, cleared on save.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the draft lives as long as the page.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing to clear
  }
}

/**
 * State that survives reloads of this tab: `key` is per user (null while signed out: nothing stored).
 * `clear()` forgets the stored copy and goes back to `initial`.
 */
export function useSessionDraft<T>(
  key: string | null,
  schema: z.ZodType<T>,
  initial: () => T,
): [T, (update: T | ((current: T) => T)) => void, () => void] {
  const [state, setState] = useState<{ key: string | null; value: T }>(() => ({
    key,
    value: (key && readDraft(key, schema)) || initial(),
  }));
  // Another user (or the key arriving after sign-in): load that user's draft.
  const current = state.key === key ? state.value : (key && readDraft(key, schema)) || initial();
  if (state.key !== key) setState({ key, value: current });

  const keyRef = useRef(key);
  const cleared = useRef(false);
  useEffect(() => {
    keyRef.current = key;
  }, [key]);
  useEffect(() => {
    if (!state.key || cleared.current) return;
    writeDraft(state.key, state.value);
  }, [state]);

  const update = useCallback((next: T | ((value: T) => T)) => {
    cleared.current = false;
    setState((previous) => ({
      key: previous.key,
      value: typeof next === 'function' ? (next as (value: T) => T)(previous.value) : next,
    }));
  }, []);

  const clear = useCallback(() => {
    if (keyRef.current) clearDraft(keyRef.current);
    cleared.current = true;
    setState((previous) => ({ key: previous.key, value: initial() }));
    // `initial` is a factory the caller keeps stable or recreates harmlessly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return [current, update, clear];
}

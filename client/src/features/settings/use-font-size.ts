// The Font Size setting as React state: changing it applies it to the page at once and remembers it.
import { useCallback, useState } from 'react';
import { applyFontSize, readFontSize, storeFontSize, type FontSize } from './font-size';

export function useFontSize(): [FontSize, (size: FontSize) => void] {
  const [size, setSize] = useState<FontSize>(() => readFontSize());
  const change = useCallback((next: FontSize) => {
    applyFontSize(next);
    storeFontSize(next);
    setSize(next);
  }, []);
  return [size, change];
}

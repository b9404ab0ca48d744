// Moving a checklist item by its handle with a pointer (mouse, finger or pen): the row follows the
// pointer, the rows it passes make room, and letting go puts it there. The same handle moves it with the
// arrow keys (checklist-editor.tsx). Pointer events rather than HTML drag and drop, which phones' browsers
// do not start from a touch.
import { useRef, useState, type PointerEvent, type RefObject } from 'react';

/** A row being dragged: where it started, where it would land, and how far the pointer moved. */
export interface ItemDrag {
  id: string;
  from: number;
  over: number;
  dy: number;
}

/** Where a row dragged from `from` lands when its middle is at `middle`, given each row's middle (pure). */
export function dropIndex(middles: readonly number[], from: number, middle: number): number {
  let over = 0;
  middles.forEach((other, index) => {
    if (index !== from && other < middle) over += 1;
  });
  return over;
}

/** How far row `index` steps aside while the dragged row is over `drag.over` (pure): one row's height. */
export function shiftOf(index: number, drag: Pick<ItemDrag, 'from' | 'over'> | null, height: number): number {
  if (!drag || index === drag.from) return 0;
  if (drag.from < index && index <= drag.over) return -height;
  if (drag.over <= index && index < drag.from) return height;
  return 0;
}

interface Geometry {
  middles: number[];
  /** A row's height with the gap under it: how far the others step aside. */
  step: number;
  startY: number;
}

export function useItemDrag(list: RefObject<HTMLUListElement | null>, onMove: (id: string, to: number) => void) {
  const [drag, setDrag] = useState<ItemDrag | null>(null);
  const geometry = useRef<Geometry | null>(null);
  const current = useRef<ItemDrag | null>(null);

  const update = (next: ItemDrag | null) => {
    current.current = next;
    setDrag(next);
  };

  const finish = (drop: boolean) => {
    const ended = current.current;
    geometry.current = null;
    update(null);
    if (drop && ended && ended.over !== ended.from) onMove(ended.id, ended.over);
  };

  const handleProps = (id: string, index: number) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0 || !list.current) return;
      const rects = [...list.current.children].map((row) => row.getBoundingClientRect());
      const own = rects[index];
      if (!own) return;
      const gap = rects.length > 1 ? rects[1]!.top - rects[0]!.bottom : 0;
      geometry.current = {
        middles: rects.map((rect) => rect.top + rect.height / 2),
        step: own.height + gap,
        startY: event.clientY,
      };
      event.currentTarget.setPointerCapture(event.pointerId);
      update({ id, from: index, over: index, dy: 0 });
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const held = current.current;
      const shape = geometry.current;
      if (!held || !shape) return;
      const dy = event.clientY - shape.startY;
      const over = dropIndex(shape.middles, held.from, shape.middles[held.from]! + dy);
      update({ ...held, dy, over });
    },
    onPointerUp: () => finish(true),
    onPointerCancel: () => finish(false),
  });

  /** The transform of row `index` while a row is dragged ('' otherwise). */
  const rowShift = (index: number): string => {
    if (!drag || !geometry.current) return '';
    const dy = index === drag.from ? drag.dy : shiftOf(index, drag, geometry.current.step);
    return dy === 0 ? '' : `translateY(${dy}px)`;
  };

  return { drag, handleProps, rowShift };
}

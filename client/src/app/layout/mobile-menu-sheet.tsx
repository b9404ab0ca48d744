// The slide-in sidebar of the mobile layout (spec section 2): a Radix Dialog sheet from the left, loaded
// when the top bar's menu toggle is first about to be used (issue 10), not with every signed-in screen.
import type { ReactNode, RefObject } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../components/ui/sheet';

export interface MobileMenuSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The sheet's id, which the toggle names in aria-controls. */
  id: string;
  /** The menu toggle, which gets focus back when the sheet closes (it is no Radix trigger). */
  toggle: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}

export function MobileMenuSheet({ open, onOpenChange, id, toggle, children }: MobileMenuSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id={id}
        side="left"
        width="w-72 max-w-[85vw] sm:max-w-sm"
        gap="gap-0"
        className="p-0"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          toggle.current?.focus();
        }}
      >
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Navigation, recent ideas and account</SheetDescription>
        {children}
      </SheetContent>
    </Sheet>
  );
}

// Dropdown menu (Radix): a button that opens a short list of actions; arrow keys move, Escape closes and
// focus returns to the button, unless an action has put it somewhere else meanwhile.
import type { ComponentProps } from 'react';
import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import { cn } from '../../lib/utils';

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

/** Whether focus is on an element rather than lost on <body> (where it goes when its element is removed). */
function focusIsOnSomething(): boolean {
  return document.activeElement !== null && document.activeElement !== document.body;
}

export function DropdownMenuContent({
  className,
  sideOffset = 8,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        data-slot="dropdown-menu-content"
        sideOffset={sideOffset}
        // Radix hands focus back to the button once the closed menu has faded out and gone (in a timeout),
        // wherever focus is by then. An item that opened a screen meanwhile keeps the focus that screen
        // gave (Quick note's editor focuses its title): taken back, the user's next keys would go to the
        // button and the page's shortcuts (`n` makes a note). Only focus that was lost goes back.
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (focusIsOnSomething()) event.preventDefault();
        }}
        className={cn(
          'z-50 min-w-56 overflow-hidden rounded-xl border bg-popover p-1.5 text-popover-foreground shadow-lg data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

const ITEM_CLASS =
  'flex cursor-default items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-primary';

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof MenuPrimitive.Item>) {
  return <MenuPrimitive.Item data-slot="dropdown-menu-item" className={cn(ITEM_CLASS, className)} {...props} />;
}

/** An item that is on or off (a menuitemcheckbox, its state read out): a check at its end while on. */
export function DropdownMenuCheckboxItem({
  className,
  children,
  ...props
}: ComponentProps<typeof MenuPrimitive.CheckboxItem>) {
  return (
    <MenuPrimitive.CheckboxItem
      data-slot="dropdown-menu-checkbox-item"
      className={cn(ITEM_CLASS, className)}
      {...props}
    >
      {children}
      <MenuPrimitive.ItemIndicator className="ml-auto flex">
        <Check aria-hidden="true" />
      </MenuPrimitive.ItemIndicator>
    </MenuPrimitive.CheckboxItem>
  );
}

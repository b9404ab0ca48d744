// The mobile tab bar's New button (issue 12): a small menu of Quick note, New checklist and Expand an
// idea with the assistant (the creation flow on /new).
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ListPlus, NotebookPen, Sparkles } from 'lucide-react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { useQuickCapture } from './use-quick-capture';

/** `children` is the trigger's face (the tab bar's round button). */
export function NewMenu({ children, className }: { children: ReactNode; className?: string }) {
  const { quickNote, newChecklist } = useQuickCapture();
  const navigate = useNavigate();
  return (
    // Not modal: a modal menu hides the rest of the page from assistive technology while its buttons
    // stay focusable (axe: aria-hidden-focus); the menu still takes focus and gives it back on Escape.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={className}>{children}</DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="center" aria-label="New">
        <DropdownMenuItem onSelect={() => void quickNote()}>
          <NotebookPen aria-hidden="true" />
          Quick note
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void newChecklist()}>
          <ListPlus aria-hidden="true" />
          New checklist
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate('/new')}>
          <Sparkles aria-hidden="true" />
          Expand an idea with the assistant
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

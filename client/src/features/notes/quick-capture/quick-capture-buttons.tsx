// The buttons that make a quick note or a checklist at once (dashboard, sidebar, empty states).
import { ListPlus, NotebookPen } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { useQuickCapture } from './use-quick-capture';

export interface QuickCaptureButtonsProps {
  /** Called before the note is made (the mobile sheet closes then). */
  onCapture?: () => void;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  buttonClassName?: string;
}

export function QuickCaptureButtons({ onCapture, variant = 'outline', size, className, buttonClassName }: QuickCaptureButtonsProps) {
  const { quickNote, newChecklist } = useQuickCapture();
  return (
    <div className={cn('flex gap-2', className)}>
      <Button
        variant={variant}
        size={size}
        className={buttonClassName}
        onClick={() => {
          onCapture?.();
          void quickNote();
        }}
      >
        <NotebookPen aria-hidden="true" />
        Quick note
      </Button>
      <Button
        variant={variant}
        size={size}
        className={buttonClassName}
        onClick={() => {
          onCapture?.();
          void newChecklist();
        }}
      >
        <ListPlus aria-hidden="true" />
        New checklist
      </Button>
    </div>
  );
}

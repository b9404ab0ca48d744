// The buttons that make a quick note or a checklist at once (dashboard, sidebar, empty states).
import { ListPlus, NotebookPen } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { useQuickCapture } from './use-quick-capture';

export interface QuickCaptureButtonsProps {
  /** Called before the note is made (the mobile sheet closes then). */
  onCapture?: () => void;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  align?: ButtonProps['align'];
  className?: string;
  buttonClassName?: string;
}

export function QuickCaptureButtons({
  onCapture,
  variant = 'outline',
  size,
  align,
  className = 'flex gap-2',
  buttonClassName,
}: QuickCaptureButtonsProps) {
  const { quickNote, newChecklist } = useQuickCapture();
  const actions = [
    { label: 'Quick note', Icon: NotebookPen, capture: quickNote },
    { label: 'New checklist', Icon: ListPlus, capture: newChecklist },
  ];
  return (
    <div className={className}>
      {actions.map(({ label, Icon, capture }) => (
        <Button
          key={label}
          variant={variant}
          size={size}
          align={align}
          className={buttonClassName}
          onClick={() => {
            onCapture?.();
            void capture();
          }}
        >
          <Icon aria-hidden="true" />
          {label}
        </Button>
      ))}
    </div>
  );
}

// A radio group of preference options drawn as selectable cards (label plus optional description).
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import type { PreferenceOption } from '../../data/ai-preferences';
import { cn } from '../../lib/utils';

export function PreferenceOptions<T extends string>({
  name,
  labelledBy,
  options,
  value,
  onChange,
  columns = 2,
}: {
  name: string;
  labelledBy: string;
  options: readonly PreferenceOption<T>[];
  value: T;
  onChange: (value: T) => void;
  columns?: 2 | 3;
}) {
  return (
    <RadioGroup
      name={name}
      aria-labelledby={labelledBy}
      value={value}
      onValueChange={(next) => {
        const option = options.find((o) => o.value === next);
        if (option) onChange(option.value);
      }}
      className={cn('grid gap-2.5', columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}
    >
      {options.map((option) => {
        const id = `${name}-${option.value}`;
        return (
          <label
            key={option.value}
            htmlFor={id}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3.5 transition-colors hover:bg-accent/50',
              'has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            )}
          >
            <RadioGroupItem
              id={id}
              value={option.value}
              className="mt-0.5"
              aria-describedby={option.description ? `${id}-description` : undefined}
            />
            <span className="grid gap-0.5">
              <span className="text-sm leading-tight font-medium">{option.label}</span>
              {option.description && (
                <span id={`${id}-description`} className="text-sm text-muted-foreground">
                  {option.description}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </RadioGroup>
  );
}

// Building blocks of the Settings tabs: a titled card, and a row pairing a labelled control with its
// description (the control gets the label through `htmlFor` and the description through aria-describedby).
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';

export function SettingsCard({
  icon: Icon,
  title,
  description,
  titleId,
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  titleId?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card gap="gap-5" className={className}>
      <CardHeader layout="row">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Icon aria-hidden="true" className="size-[1.125rem]" />
        </span>
        <div className="grid gap-1">
          <CardTitle as="h2" id={titleId} className="text-base">
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function SettingRow({
  id,
  label,
  description,
  children,
}: {
  id: string;
  label: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 py-4 first:pt-0 last:pb-0">
      <div className="grid min-w-0 flex-1 basis-56 gap-1">
        <Label htmlFor={id} text="text-sm">
          {label}
        </Label>
        {description && (
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        )}
      </div>
      <div className="shrink-0">{children}</div>
    </div>
  );
}

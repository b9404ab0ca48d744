// Class-name helper shared by every component: joins conditional classes and lets later Tailwind
// utilities override earlier ones (so a `className` prop wins over a component's defaults).
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

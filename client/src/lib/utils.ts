// Class-name helper shared by every component: joins conditional classes (clsx). It does not resolve
// conflicting Tailwind utilities (tailwind-merge did, at a cost to /login's first load: docs/decisions.md,
// 'cn() is plain clsx'),
// so a component never gets two utilities for one property: what a caller may change comes as a prop or
// a default that the caller's class replaces, and `className` only adds what the component lacks.
import { clsx, type ClassValue } from 'clsx';

export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}

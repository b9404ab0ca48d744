// The layout's navigation entries: the sidebar links and the mobile bottom tab bar (spec section 2).
import type { LucideIcon } from 'lucide-react';
import {
  Archive,
  CalendarCheck,
  LayoutDashboard,
  ListChecks,
  MessageSquare,
  NotebookText,
  Plus,
  Settings,
  Trash2,
  UserRound,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (for '/'). */
  end?: boolean;
}

export const SIDEBAR_LINKS: readonly NavItem[] = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/chat', label: 'AI Chat', icon: MessageSquare },
  // Not among the phone's five tabs (spec section 2): there it is in the menu, and the dashboard's count.
  { to: '/today', label: 'Today', icon: CalendarCheck },
  { to: '/checklists', label: 'Checklists', icon: ListChecks },
  { to: '/archive', label: 'Archive', icon: Archive },
  { to: '/trash', label: 'Trash', icon: Trash2 },
  { to: '/profile', label: 'Profile', icon: UserRound },
  { to: '/settings', label: 'Settings', icon: Settings },
];

export interface TabItem extends NavItem {
  /** The highlighted round button (New). */
  primary?: boolean;
}

export const BOTTOM_TABS: readonly TabItem[] = [
  { to: '/', label: 'Notes', icon: NotebookText, end: true },
  { to: '/chat', label: 'AI Chat', icon: MessageSquare },
  { to: '/new', label: 'New', icon: Plus, primary: true },
  { to: '/checklists', label: 'Checklists', icon: ListChecks },
  { to: '/settings', label: 'Settings', icon: Settings },
];

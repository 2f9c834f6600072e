import type { LucideIcon } from 'lucide-react';
import {
  BookOpen,
  Compass,
  GitBranch,
  Landmark,
  LayoutDashboard,
  ScrollText,
  Shield,
  UserRound,
  Users,
} from 'lucide-react';

export interface NavTab {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** The nav tabs in order; Admin is appended only for admins. */
export const NAV_TABS: readonly NavTab[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  { label: 'My Profile', to: '/profile', icon: UserRound },
  { label: 'Skill Tree', to: '/skill-tree', icon: GitBranch },
  { label: 'Foundations', to: '/foundations', icon: Landmark },
  { label: 'Stories', to: '/stories', icon: ScrollText },
  { label: 'Tutorial', to: '/tutorial', icon: BookOpen },
];

export const ADMIN_TAB: NavTab = { label: 'Admin', to: '/admin', icon: Shield };

export function navTabsFor(isAdmin: boolean): readonly NavTab[] {
  return isAdmin ? [...NAV_TABS, ADMIN_TAB] : NAV_TABS;
}

/**
 * /social and /pathfinder are extra routes, not tabs (docs/product.md#decisions). A hero still needs a way there, so
 * they sit beside the tabs in a navigation of their own, which leaves the six tabs as they are.
 */
export const COMPANION_LINKS: readonly NavTab[] = [
  { label: 'Fellowship Hall', to: '/social', icon: Users },
  { label: 'The Pathfinder', to: '/pathfinder', icon: Compass },
];

/**
 * A phone's bottom tab bar: the four places a hero goes every day, and More for the rest. Each names the
 * screen it opens as the desktop tabs do ('Pathfinder' opens The Pathfinder).
 */
export const PHONE_TABS: readonly NavTab[] = [
  { label: 'Quests', to: '/', icon: LayoutDashboard },
  { label: 'Pathfinder', to: '/pathfinder', icon: Compass },
  { label: 'Fellowship', to: '/social', icon: Users },
  { label: 'Profile', to: '/profile', icon: UserRound },
];

/** What More opens on a phone: every other screen, in the tabs' order. */
export function phoneMoreTabs(isAdmin: boolean): readonly NavTab[] {
  const inBar = new Set(PHONE_TABS.map((tab) => tab.to));
  return navTabsFor(isAdmin).filter((tab) => !inBar.has(tab.to));
}

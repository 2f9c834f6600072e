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
import type { MessageKey } from '../i18n/messages/en.ts';

export interface NavTab {
  /** The English name, as the product names the screen. */
  label: string;
  /** The name in the hero's language (web/src/i18n/messages). */
  labelKey: MessageKey;
  to: string;
  icon: LucideIcon;
}

/** The nav tabs in order; Admin is appended only for admins. */
export const NAV_TABS: readonly NavTab[] = [
  { label: 'Dashboard', labelKey: 'nav.dashboard', to: '/', icon: LayoutDashboard },
  { label: 'My Profile', labelKey: 'nav.profile', to: '/profile', icon: UserRound },
  { label: 'Skill Tree', labelKey: 'nav.skillTree', to: '/skill-tree', icon: GitBranch },
  { label: 'Foundations', labelKey: 'nav.foundations', to: '/foundations', icon: Landmark },
  { label: 'Stories', labelKey: 'nav.stories', to: '/stories', icon: ScrollText },
  { label: 'Tutorial', labelKey: 'nav.tutorial', to: '/tutorial', icon: BookOpen },
];

export const ADMIN_TAB: NavTab = { label: 'Admin', labelKey: 'nav.admin', to: '/admin', icon: Shield };

export function navTabsFor(isAdmin: boolean): readonly NavTab[] {
  return isAdmin ? [...NAV_TABS, ADMIN_TAB] : NAV_TABS;
}

/**
 * /social and /pathfinder are extra routes, not tabs (docs/product.md#decisions). A hero still needs a way there, so
 * they sit beside the tabs in a navigation of their own, which leaves the six tabs as they are.
 */
export const COMPANION_LINKS: readonly NavTab[] = [
  { label: 'Fellowship Hall', labelKey: 'nav.fellowshipHall', to: '/social', icon: Users },
  { label: 'The Pathfinder', labelKey: 'nav.thePathfinder', to: '/pathfinder', icon: Compass },
];

/**
 * A phone's bottom tab bar: the four places a hero goes every day, and More for the rest. Each names the
 * screen it opens as the desktop tabs do ('Pathfinder' opens The Pathfinder).
 */
export const PHONE_TABS: readonly NavTab[] = [
  { label: 'Quests', labelKey: 'nav.phone.quests', to: '/', icon: LayoutDashboard },
  { label: 'Pathfinder', labelKey: 'nav.phone.pathfinder', to: '/pathfinder', icon: Compass },
  { label: 'Fellowship', labelKey: 'nav.phone.fellowship', to: '/social', icon: Users },
  { label: 'Profile', labelKey: 'nav.phone.profile', to: '/profile', icon: UserRound },
];

/** What More opens on a phone: every other screen, in the tabs' order. */
export function phoneMoreTabs(isAdmin: boolean): readonly NavTab[] {
  const inBar = new Set(PHONE_TABS.map((tab) => tab.to));
  return navTabsFor(isAdmin).filter((tab) => !inBar.has(tab.to));
}

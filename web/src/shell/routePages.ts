import { matchPath } from 'react-router-dom';

/**
 * The signed-in screens and the chunk of each (every screen is its own chunk, so the first load
 * carries only the shell and the current route). AppRoutes draws them; the first screen starts
 * loading its page's chunk as soon as the current user is known (app/firstScreen.ts).
 */
export const ROUTE_PAGES = {
  '/': () => import('../quests/QuestsPage.tsx'),
  '/profile': () => import('../profile/ProfilePage.tsx'),
  '/skill-tree': () => import('../skill-tree/SkillTreePage.tsx'),
  '/foundations': () => import('../foundations/FoundationsPage.tsx'),
  '/stories': () => import('../stories/StoriesPage.tsx'),
  '/tutorial': () => import('../tutorial/TutorialPage.tsx'),
  '/social': () => import('../social/SocialPage.tsx'),
  '/pathfinder': () => import('../pathfinder/PathfinderPage.tsx'),
  '/admin': () => import('../admin/AdminPage.tsx'),
} as const;

export type RoutePath = keyof typeof ROUTE_PAGES;

/**
 * The screen a path shows, matched as AppRoutes matches it ('/Profile/' is My Profile). Any
 * unknown path shows the dashboard (docs/product.md#screens).
 */
export function routePathFor(pathname: string): RoutePath {
  const paths = Object.keys(ROUTE_PAGES) as RoutePath[];
  return paths.find((path) => matchPath(path, pathname) !== null) ?? '/';
}

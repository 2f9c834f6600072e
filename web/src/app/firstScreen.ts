import type { QueryClient } from '@tanstack/react-query';
import { readSessionId } from '../api/http.ts';
import { currentUserQuery } from '../auth/useCurrentUser.ts';
import { goalsQuery, milestonesQuery } from '../quests/questQueries.ts';
import { ROUTE_PAGES, routePathFor } from '../shell/routePages.ts';

export const loadLandingPage = () => import('../landing/LandingPage.tsx');
export const loadOnboardingFlow = () => import('../onboarding/OnboardingFlow.tsx');
export const loadAppShell = () => import('../shell/AppShell.tsx');

/** A chunk fetched ahead of time; if it fails, the lazy screen asks again and shows the failure. */
function preload(load: () => Promise<unknown>): void {
  load().catch(() => {});
}

/**
 * Asks for the current user before React first renders, and as soon as the answer is in, starts
 * everything the first screen needs at once (a chunk asked for twice is fetched once). Left to the screens, a hero's dashboard came in steps,
 * each waiting for the one before: the shell's chunk, then the page's chunk, then its data.
 */
export async function startFirstScreen(queryClient: QueryClient, pathname: string): Promise<void> {
  const route = routePathFor(pathname);
  // While /api/auth/me is on its way, the likelier screen's chunks already load: a hero who signed in
  // in this browser keeps their session id (docs/architecture.md#sessions), a visitor has none.
  if (readSessionId()) {
    preload(loadAppShell);
    preload(ROUTE_PAGES[route]);
  } else {
    preload(loadLandingPage);
  }
  const user = await queryClient.fetchQuery(currentUserQuery);
  if (!user) return preload(loadLandingPage);
  if (!user.isOnboarded) return preload(loadOnboardingFlow);
  preload(loadAppShell);
  preload(ROUTE_PAGES[route]);
  if (route === '/') {
    void queryClient.prefetchQuery(goalsQuery);
    void queryClient.prefetchQuery(milestonesQuery);
  }
}

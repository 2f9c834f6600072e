import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { NeedsNetwork } from '../offline/NeedsNetwork.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { ROUTE_PAGES } from './routePages.ts';
import { ScreenFailed } from './ScreenFailed.tsx';

const QuestsPage = lazy(ROUTE_PAGES['/']);
const ProfilePage = lazy(ROUTE_PAGES['/profile']);
const SkillTreePage = lazy(ROUTE_PAGES['/skill-tree']);
const FoundationsPage = lazy(ROUTE_PAGES['/foundations']);
const TutorialPage = lazy(ROUTE_PAGES['/tutorial']);
const StoriesPage = lazy(ROUTE_PAGES['/stories']);
const SocialPage = lazy(ROUTE_PAGES['/social']);
const PathfinderPage = lazy(ROUTE_PAGES['/pathfinder']);
const AdminPage = lazy(ROUTE_PAGES['/admin']);

export function AppRoutes() {
  const { pathname } = useLocation();
  const t = useT();
  return (
    // A screen that fails to render, or whose chunk fails to load, gives way to ScreenFailed while the
    // header, tabs and chat stay. Keyed by path: going to another screen starts it afresh.
    <ErrorBoundary key={pathname} logName="A screen" fallback={(reset) => <ScreenFailed onBack={reset} />}>
      <Suspense fallback={<Spinner label={t('ui.loading')} />}>
        <Routes>
          <Route path="/" element={<QuestsPage />} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/skill-tree" element={<SkillTreePage />} />
          <Route path="/foundations" element={<FoundationsPage />} />
          <Route
            path="/stories"
            element={
              <NeedsNetwork screen={t('shell.screen.stories')}>
                <StoriesPage />
              </NeedsNetwork>
            }
          />
          <Route path="/tutorial" element={<TutorialPage />} />
          <Route
            path="/social"
            element={
              <NeedsNetwork screen={t('shell.screen.hall')}>
                <SocialPage />
              </NeedsNetwork>
            }
          />
          <Route path="/pathfinder" element={<PathfinderPage />} />
          <Route
            path="/admin"
            element={
              <NeedsNetwork screen={t('shell.screen.admin')}>
                <AdminPage />
              </NeedsNetwork>
            }
          />
          {/* Any unknown path shows the dashboard. */}
          <Route path="*" element={<QuestsPage />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}

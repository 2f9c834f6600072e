import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Spinner } from '../ui/Spinner.tsx';

// Each screen is its own chunk so the first load carries only the shell and the current route.
const QuestsPage = lazy(() => import('../quests/QuestsPage.tsx'));
const ProfilePage = lazy(() => import('../profile/ProfilePage.tsx'));
const SkillTreePage = lazy(() => import('../skill-tree/SkillTreePage.tsx'));
const FoundationsPage = lazy(() => import('../foundations/FoundationsPage.tsx'));
const TutorialPage = lazy(() => import('../tutorial/TutorialPage.tsx'));
const StoriesPage = lazy(() => import('../stories/StoriesPage.tsx'));
const SocialPage = lazy(() => import('../social/SocialPage.tsx'));
const PathfinderPage = lazy(() => import('../pathfinder/PathfinderPage.tsx'));
const AdminPage = lazy(() => import('../admin/AdminPage.tsx'));

export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route path="/" element={<QuestsPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/skill-tree" element={<SkillTreePage />} />
        <Route path="/foundations" element={<FoundationsPage />} />
        <Route path="/stories" element={<StoriesPage />} />
        <Route path="/tutorial" element={<TutorialPage />} />
        <Route path="/social" element={<SocialPage />} />
        <Route path="/pathfinder" element={<PathfinderPage />} />
        <Route path="/admin" element={<AdminPage />} />
        {/* Spec 2: any unknown path shows the dashboard. */}
        <Route path="*" element={<QuestsPage />} />
      </Routes>
    </Suspense>
  );
}

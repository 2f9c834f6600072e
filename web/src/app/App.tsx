import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { loadAppShell, loadLandingPage, loadOnboardingFlow } from './firstScreen.ts';

const LandingPage = lazy(loadLandingPage);
const OnboardingFlow = lazy(loadOnboardingFlow);
const AppShell = lazy(loadAppShell);

/** Logged out → landing; logged in but not onboarded → held at onboarding; else the app. */
export function App() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner />;
  return (
    <Suspense fallback={<Spinner />}>
      {!user ? (
        <LandingPage />
      ) : !user.isOnboarded ? (
        <OnboardingFlow user={user} />
      ) : (
        <AppShell user={user} />
      )}
    </Suspense>
  );
}

import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { rewardsStore } from './rewardsStore.ts';

// The card (its sparks, the skill tree it reads) loads with the first celebration, not with the shell.
const CelebrationCard = lazy(() => import('./CelebrationCard.tsx'));

/** Shows the celebration of the moment, if any; going to another screen puts it away. */
export function Celebrations() {
  const { celebration } = useSyncExternalStore(
    rewardsStore.subscribe,
    rewardsStore.current,
    rewardsStore.current,
  );
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    rewardsStore.dismissCelebration();
  }, [pathname]);
  if (!celebration) return null;
  return (
    <Suspense fallback={null}>
      <CelebrationCard celebration={celebration} onClose={() => rewardsStore.dismissCelebration()} />
    </Suspense>
  );
}

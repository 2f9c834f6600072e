import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { toastStore } from '../ui/toast/toastStore.ts';

/**
 * Another screen starts at its top, with no toast of the last one over it. Only the path counts: a tab
 * kept in `?tab=` is the same screen. A Back/Forward keeps the browser's own scroll restoration.
 */
export function useFreshScreenOnNavigation(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new path starts a new screen
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    toastStore.dismissAll();
    if (navigationType !== 'POP') window.scrollTo?.({ top: 0 });
  }, [pathname]);
}

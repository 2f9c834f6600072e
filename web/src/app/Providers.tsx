import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { toastStore } from '../ui/toast/toastStore.ts';

// The toasts (Radix Toast and its layers) are not needed until the first toast: their chunk loads then,
// not inside the entry script nor beside the first screen's chunks. The toast waits in toastStore meanwhile.
const Toaster = lazy(() => import('../ui/toast/Toaster.tsx').then((module) => ({ default: module.Toaster })));

let toastRaised = false;
const anyToastRaised = () => {
  toastRaised ||= toastStore.current().length > 0;
  return toastRaised;
};

function Toasts() {
  // Once drawn, the toaster stays (a dismissed toast animates out; the next one reuses the viewport).
  const needed = useSyncExternalStore(toastStore.subscribe, anyToastRaised, anyToastRaised);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        {children}
        <Toasts />
      </I18nProvider>
    </QueryClientProvider>
  );
}

import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';

// The toasts (Radix Toast and its layers) are not needed for the first paint: their chunk loads beside
// the first screen's instead of inside the entry script. A toast raised meanwhile waits in toastStore.
const Toaster = lazy(() => import('../ui/toast/Toaster.tsx').then((module) => ({ default: module.Toaster })));

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}

import type { User } from '../auth/user.ts';
import { AppHeader } from './AppHeader.tsx';
import { AppNav } from './AppNav.tsx';
import { AppRoutes } from './AppRoutes.tsx';

export default function AppShell({ user }: { user: User }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader user={user} />
      <AppNav isAdmin={user.isAdmin} />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-8">
        <AppRoutes />
      </main>
    </div>
  );
}

import type { User } from '../auth/user.ts';
import { FloatingChat } from '../chat/FloatingChat.tsx';
import { OfflineStatus } from '../offline/OfflineStatus.tsx';
import { AppHeader } from './AppHeader.tsx';
import { AppNav } from './AppNav.tsx';
import { AppRoutes } from './AppRoutes.tsx';

export default function AppShell({ user }: { user: User }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader user={user} />
      <OfflineStatus />
      <AppNav isAdmin={user.isAdmin} />
      {/* The bottom padding keeps the last card clear of the floating chat bubble. */}
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-24 sm:pt-8">
        <AppRoutes />
      </main>
      <FloatingChat heroName={user.name} />
    </div>
  );
}

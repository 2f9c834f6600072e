import type { User } from '../auth/user.ts';
import { FloatingChat } from '../chat/FloatingChat.tsx';
import { OfflineStatus } from '../offline/OfflineStatus.tsx';
import { Celebrations } from '../rewards/Celebrations.tsx';
import { XpGainLayer } from '../rewards/XpGainLayer.tsx';
import { AppHeader } from './AppHeader.tsx';
import { AppNav } from './AppNav.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { PhoneNav } from './PhoneNav.tsx';
import { useFreshScreenOnNavigation } from './useFreshScreenOnNavigation.ts';

export default function AppShell({ user }: { user: User }) {
  useFreshScreenOnNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader user={user} />
      <OfflineStatus />
      <AppNav isAdmin={user.isAdmin} />
      {/* The bottom padding keeps the last card clear of the floating chat bubble; on a phone it clears
          the tab bar and the bubble above it. */}
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-24 sm:pt-8 phone:pt-4 phone:pb-40">
        <AppRoutes />
      </main>
      <FloatingChat heroName={user.name} />
      <PhoneNav isAdmin={user.isAdmin} />
      <XpGainLayer />
      <Celebrations />
    </div>
  );
}

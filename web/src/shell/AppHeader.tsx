import { LogOut, Sparkles } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useLogout } from '../auth/useAuthActions.ts';
import type { User } from '../auth/user.ts';
import { classTitleText } from '../i18n/classTitle.ts';
import { formatCount } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { StreakFlame } from '../streaks/StreakFlame.tsx';

export function AppHeader({ user }: { user: User }) {
  const navigate = useNavigate();
  const t = useT();
  const locale = useLocale();
  const logout = useLogout(() => navigate('/', { replace: true }));
  return (
    // On a phone the header is one slim row that sticks to the top; Logout lives in the bottom bar's More.
    // Sticky, not fixed: it keeps its place in the flow, so the offline and update banners below it are seen.
    <header className="border-edge border-b bg-surface/80 backdrop-blur phone:sticky phone:top-0 phone:z-30 phone:bg-surface/95">
      {/* Below 640 px the class title (on the profile) leaves the header. In a narrow mouse window the
          hero's standing takes a second row; on a touch phone it is one slim row: the brand shrinks to its
          logo and the pills never wrap their words. */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 phone:flex-nowrap phone:gap-x-2 phone:py-1.5">
        <span className="flex items-center gap-2 font-display text-gold text-xl tracking-widest phone:text-base">
          <img src="/pathfinder.svg" alt="" className="size-8 phone:size-7" />
          <span className="phone:sr-only">{t('app.name')}</span>
        </span>
        <div className="order-last flex w-full flex-wrap items-center gap-2 text-sm sm:order-none sm:ml-auto sm:w-auto phone:order-none phone:ml-auto phone:w-auto phone:flex-nowrap">
          <span className="hidden items-center gap-1 text-muted sm:inline-flex" data-testid="header-class">
            <Sparkles className="size-4 text-gold" aria-hidden />
            {classTitleText(user.activeClassTitle, t)}
          </span>
          <span
            className="whitespace-nowrap rounded-full border border-gold/50 bg-gold/10 px-2.5 py-0.5 font-semibold text-gold phone:px-2"
            data-testid="header-level"
          >
            {t('profile.level', { level: user.lifeLevel })}
          </span>
          <span
            className="whitespace-nowrap rounded-full border border-edge bg-night px-2.5 py-0.5 font-semibold text-parchment phone:px-2"
            data-testid="header-xp"
          >
            {t('profile.xp', { xp: formatCount(user.totalXP, locale) })}
          </span>
          <StreakFlame />
          <NotificationBell />
        </div>
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className="ml-auto inline-flex items-center gap-1 rounded-md px-2 py-1 text-muted text-sm hover:bg-white/5 hover:text-parchment sm:ml-0 phone:hidden"
        >
          <LogOut className="size-4" aria-hidden />
          {t('nav.logout')}
        </button>
      </div>
    </header>
  );
}

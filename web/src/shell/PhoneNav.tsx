import { LogOut, Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useLogout } from '../auth/useAuthActions.ts';
import { useT } from '../i18n/useT.ts';
import { PHONE_TABS, phoneMoreTabs } from './navTabs.ts';
import { routePathFor } from './routePages.ts';

const item =
  'flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 rounded-lg px-1 text-[0.7rem] font-medium transition-colors';

/**
 * A phone's navigation (docs/features/first-week.md#phone-layout): a bar fixed to the bottom with
 * Quests, Pathfinder, Fellowship, Profile and More; More opens a sheet with the other screens and
 * Logout. Only shown on a touch screen narrower than 640 px; elsewhere the tabs stay.
 */
export function PhoneNav({ isAdmin }: { isAdmin: boolean }) {
  const { pathname } = useLocation();
  const current = routePathFor(pathname);
  const t = useT();
  const [moreOpen, setMoreOpen] = useState(false);
  const more = phoneMoreTabs(isAdmin);
  const moreActive = more.some((tab) => tab.to === current);
  const navigate = useNavigate();
  const logout = useLogout(() => navigate('/', { replace: true }));
  const sheet = useRef<HTMLDivElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);

  // Going somewhere closes the sheet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(() => setMoreOpen(false), [pathname]);
  useEffect(() => {
    if (!moreOpen) return;
    sheet.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMoreOpen(false);
        moreButton.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [moreOpen]);

  return (
    <div className="hidden phone:block">
      {moreOpen ? (
        <>
          <button
            type="button"
            aria-label={t('nav.closeMenu')}
            tabIndex={-1}
            className="fixed inset-0 z-30 bg-black/50"
            onClick={() => setMoreOpen(false)}
          />
          <div
            ref={sheet}
            id="phone-more"
            role="dialog"
            aria-label={t('nav.more')}
            className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-40 grid gap-1 rounded-t-2xl border border-edge border-b-0 bg-surface p-3 shadow-2xl"
          >
            <ul className="grid grid-cols-2 gap-1">
              {more.map(({ labelKey, to, icon: Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    aria-current={to === current ? 'page' : undefined}
                    className={`flex min-h-12 w-full items-center gap-2 rounded-lg px-3 font-medium text-sm ${
                      to === current ? 'bg-gold text-night' : 'bg-night/60 text-parchment'
                    }`}
                  >
                    <Icon className="size-5 shrink-0" aria-hidden />
                    {t(labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
            <button
              type="button"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
              className="flex min-h-12 items-center gap-2 rounded-lg px-3 font-medium text-muted text-sm hover:text-parchment"
            >
              <LogOut className="size-5" aria-hidden />
              {t('nav.logout')}
            </button>
          </div>
        </>
      ) : null}
      <nav
        aria-label={t('nav.tabBar')}
        className="fixed inset-x-0 bottom-0 z-40 border-edge border-t bg-surface/95 px-1 pt-1 pb-[max(0.25rem,env(safe-area-inset-bottom))] backdrop-blur"
        data-testid="phone-nav"
      >
        <ul className="flex gap-1">
          {PHONE_TABS.map(({ labelKey, to, icon: Icon }) => {
            const active = to === current && !moreOpen;
            return (
              <li key={to} className="flex flex-1">
                <Link
                  to={to}
                  aria-current={to === current ? 'page' : undefined}
                  className={`${item} ${active ? 'text-gold' : 'text-muted'}`}
                >
                  <Icon
                    className={`size-6 ${active ? 'drop-shadow-[0_0_6px_var(--color-gold)]' : ''}`}
                    aria-hidden
                  />
                  {t(labelKey)}
                </Link>
              </li>
            );
          })}
          <li className="flex flex-1">
            <button
              ref={moreButton}
              type="button"
              aria-expanded={moreOpen}
              aria-controls={moreOpen ? 'phone-more' : undefined}
              onClick={() => setMoreOpen((open) => !open)}
              className={`${item} ${moreOpen || moreActive ? 'text-gold' : 'text-muted'}`}
            >
              {moreOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
              {t('nav.more')}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}

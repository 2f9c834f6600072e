import { Link, useLocation } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { COMPANION_LINKS, type NavTab, navTabsFor } from './navTabs.ts';
import { routePathFor } from './routePages.ts';

function NavItem({ labelKey, to, icon: Icon, active }: NavTab & { active: boolean }) {
  const t = useT();
  // lg:px-2.5: the German tabs and companions (the longest labels) fit one row at 1280 px.
  return (
    <li className="min-w-0 sm:shrink-0">
      <Link
        to={to}
        aria-current={active ? 'page' : undefined}
        className={`flex flex-col items-center gap-1 rounded-md px-1 py-1.5 text-center font-medium text-xs transition-colors sm:inline-flex sm:flex-row sm:gap-1.5 sm:px-3 sm:py-2 sm:text-sm lg:px-2.5 ${
          active ? 'bg-gold text-night' : 'text-muted hover:bg-white/5 hover:text-parchment'
        }`}
      >
        <Icon className="size-4 shrink-0" aria-hidden />
        {t(labelKey)}
      </Link>
    </li>
  );
}

export function AppNav({ isAdmin }: { isAdmin: boolean }) {
  // The tab of the screen shown, not of the path typed: an unknown path shows the dashboard (docs/product.md#screens),
  // so Dashboard is the tab lit there.
  const current = routePathFor(useLocation().pathname);
  const t = useT();
  return (
    // A phone has the bottom tab bar instead (PhoneNav).
    <div className="border-edge border-b bg-night/60 phone:hidden">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-2 py-2 lg:flex-row lg:items-center lg:justify-between">
        <nav aria-label={t('nav.main')}>
          {/* On a phone a scrolling row hid half the tabs, the current one included; a 3-column grid of
              icon-over-label tabs shows every destination at 375 px. From `sm` up they sit in one row. */}
          <ul className="grid grid-cols-3 gap-1 sm:flex sm:flex-wrap">
            {navTabsFor(isAdmin).map((tab) => (
              <NavItem key={tab.to} {...tab} active={tab.to === current} />
            ))}
          </ul>
        </nav>
        <nav aria-label={t('nav.companions')}>
          <ul className="grid grid-cols-2 gap-1 border-edge/70 border-t pt-1 sm:flex sm:flex-wrap lg:border-t-0 lg:border-l lg:pt-0 lg:pl-2">
            {COMPANION_LINKS.map((link) => (
              <NavItem key={link.to} {...link} active={link.to === current} />
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}

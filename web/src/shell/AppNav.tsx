import { NavLink } from 'react-router-dom';
import { navTabsFor } from './navTabs.ts';

export function AppNav({ isAdmin }: { isAdmin: boolean }) {
  return (
    <nav aria-label="Main" className="border-edge border-b bg-night/60">
      {/* On a phone a scrolling row hid half the tabs, the current one included; a 3-column grid of
          icon-over-label tabs shows every destination at 375 px. From `sm` up they sit in one row. */}
      <ul className="mx-auto grid max-w-6xl grid-cols-3 gap-1 px-2 py-2 sm:flex sm:flex-wrap">
        {navTabsFor(isAdmin).map(({ label, to, icon: Icon }) => (
          <li key={to} className="min-w-0 sm:shrink-0">
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                `flex flex-col items-center gap-1 rounded-md px-1 py-1.5 text-center font-medium text-xs transition-colors sm:inline-flex sm:flex-row sm:gap-1.5 sm:px-3 sm:py-2 sm:text-sm ${
                  isActive ? 'bg-gold text-night' : 'text-muted hover:bg-white/5 hover:text-parchment'
                }`
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

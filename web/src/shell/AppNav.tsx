import { NavLink } from 'react-router-dom';
import { navTabsFor } from './navTabs.ts';

export function AppNav({ isAdmin }: { isAdmin: boolean }) {
  return (
    <nav aria-label="Main" className="border-edge border-b bg-night/60">
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 py-2 [scrollbar-width:thin]">
        {navTabsFor(isAdmin).map(({ label, to, icon: Icon }) => (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                `inline-flex items-center gap-1.5 rounded-md px-3 py-2 font-medium text-sm transition-colors ${
                  isActive ? 'bg-gold text-night' : 'text-muted hover:bg-white/5 hover:text-parchment'
                }`
              }
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

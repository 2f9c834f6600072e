import { Bell } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { timeAgoText } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { useNotifications, useReadAllNotifications, useReadNotification } from './notificationQueries.ts';
import { notificationText } from './notificationText.ts';

/** The header's bell: the unread count, and a panel of the newest notifications, each a link. */
export function NotificationBell() {
  const { data } = useNotifications();
  const read = useReadNotification();
  const readAll = useReadAllNotifications();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const t = useT();
  const locale = useLocale();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent ? event.key === 'Escape' : !box.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const unread = data?.unread ?? 0;
  return (
    <div className="relative" ref={box}>
      <button
        type="button"
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        aria-label={unread > 0 ? t('notifications.unread', { count: unread }) : t('notifications.title')}
        data-testid="notification-bell"
        className="relative inline-flex items-center rounded-md p-1.5 text-muted hover:bg-white/5 hover:text-parchment"
      >
        <Bell className="size-5" aria-hidden />
        {unread > 0 ? (
          <span
            data-testid="notification-unread"
            className="-top-1 -right-1 absolute min-w-5 rounded-full bg-red-600 px-1 text-center font-bold text-white text-xs"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <section
          aria-label={t('notifications.title')}
          // On a narrow screen the panel spans it instead of hanging off the bell; on a touch phone it opens
          // just below the one-row fixed header.
          data-testid="notification-panel"
          className="fixed inset-x-2 top-28 z-40 phone:top-16 grid gap-2 rounded-xl border border-edge bg-surface p-3 shadow-xl sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-80"
        >
          <div className="flex items-center justify-between">
            <h2 className="font-semibold text-gold">{t('notifications.title')}</h2>
            <button
              type="button"
              className="text-muted text-xs hover:text-parchment disabled:opacity-50"
              disabled={unread === 0 || readAll.isPending}
              onClick={() => readAll.mutate()}
            >
              {t('notifications.readAll')}
            </button>
          </div>
          {!data || data.items.length === 0 ? (
            <p className="py-4 text-center text-muted text-sm">{t('notifications.empty')}</p>
          ) : (
            <ul className="grid max-h-96 gap-1 overflow-y-auto">
              {data.items.map((item) => {
                const text = notificationText(item, t, locale);
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      data-testid="notification-item"
                      data-read={item.read_at !== null}
                      onClick={() => {
                        if (!item.read_at) read.mutate(item.id);
                        setOpen(false);
                        navigate(item.link);
                      }}
                      className={`grid w-full gap-0.5 rounded-md p-2 text-left hover:bg-white/5 ${
                        item.read_at ? 'opacity-70' : 'bg-gold/5'
                      }`}
                    >
                      <span className="font-medium text-parchment text-sm">{text.title}</span>
                      <span className="text-muted text-xs">{text.body}</span>
                      <span className="text-muted/80 text-xs">
                        {timeAgoText(item.created_at, new Date(), t)}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

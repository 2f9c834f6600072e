import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { onOpenChatRequest } from './openChat.ts';
import { useFloatingChat } from './useFloatingChat.ts';

// The open window (transcript, composer, suggestions) loads on the first open, not with every screen.
const FloatingChatPanel = lazy(() => import('./FloatingChatPanel.tsx'));

/**
 * The floating chat bubble on every logged-in screen (docs/product.md#pathfinder). A chat that fails to render says so in
 * its corner and starts over on request; the screen behind it stays.
 */
export function FloatingChat({ heroName }: { heroName: string }) {
  return (
    <ErrorBoundary logName="The floating chat" fallback={(restart) => <ChatFailed onRestart={restart} />}>
      <FloatingChatBubble heroName={heroName} />
    </ErrorBoundary>
  );
}

function ChatFailed({ onRestart }: { onRestart: () => void }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="fixed right-4 bottom-4 z-40 grid max-w-xs gap-2 rounded-xl border border-red-400/60 bg-surface-2 p-4 text-sm shadow-xl"
    >
      <p className="text-parchment">{t('chat.failed')}</p>
      <Button variant="secondary" className="justify-self-start" onClick={onRestart}>
        {t('chat.restart')}
      </Button>
    </div>
  );
}

/**
 * Open, minimise, close; a greeting on the first open. Minimised, the bubble keeps the conversation
 * and shows a dot when a reply came meanwhile.
 */
function FloatingChatBubble({ heroName }: { heroName: string }) {
  const t = useT();
  const chat = useFloatingChat(heroName);
  const bubble = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  const { open, minimise, view } = chat;
  // A screen's 'New Quest' asks for the chat.
  useEffect(() => onOpenChatRequest(open), [open]);
  useEffect(() => {
    // The open chat stays on the screen it was opened on: going elsewhere minimises it, keeping the talk.
    if (shownOn.current !== pathname && view === 'open') minimise();
    shownOn.current = pathname;
  }, [pathname, view, minimise]);
  useEffect(() => {
    // The window took the focus with it: hand it back to the bubble that opened it.
    if (wasOpen.current && chat.view !== 'open') bubble.current?.focus();
    wasOpen.current = chat.view === 'open';
  }, [chat.view]);

  if (chat.view === 'open') {
    return (
      <Suspense fallback={null}>
        <FloatingChatPanel chat={chat} />
      </Suspense>
    );
  }

  const kept = chat.view === 'minimised';
  return (
    <button
      ref={bubble}
      type="button"
      onClick={chat.open}
      aria-haspopup="dialog"
      data-testid="floating-chat-bubble"
      className="fixed right-4 bottom-4 z-40 flex items-center gap-2 rounded-full phone:bottom-[calc(4.75rem+env(safe-area-inset-bottom))] border-2 border-gold bg-surface-2 p-1.5 shadow-[0_0_24px_-4px] shadow-gold/60 transition-transform hover:scale-105 motion-reduce:transition-none sm:pr-4"
    >
      <img src="/pathfinder.svg" alt="" className="size-10" />
      {/* The words are the button's name; a phone shows just the avatar and keeps them for screen readers. */}
      <span className="sr-only items-center gap-1.5 font-semibold text-gold text-sm sm:not-sr-only sm:inline-flex">
        <MessageCircle className="size-4" aria-hidden />
        {kept ? t('chat.back') : t('chat.ask')}
        {kept && chat.unread ? <span className="sr-only"> {t('chat.newReply')}</span> : null}
      </span>
      {kept && chat.unread ? (
        <span
          aria-hidden
          className="absolute -top-0.5 -right-0.5 size-3.5 rounded-full border-2 border-night bg-red-500"
        />
      ) : null}
    </button>
  );
}

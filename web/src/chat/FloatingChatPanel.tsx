import { Compass, Minus, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { ReplanButton } from '../replan/ReplanButton.tsx';
import { TOAST_AVOID_CHANGED } from '../ui/toast/toastStore.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatTranscript } from './ChatTranscript.tsx';
import type { FloatingChatLine } from './floatingChat.ts';
import { GoalSuggestion } from './GoalSuggestion.tsx';
import { useApplyGoal } from './useApplyGoal.ts';
import { actionKey, type FloatingChat } from './useFloatingChat.ts';

const iconButton =
  'grid size-11 place-items-center rounded-md text-muted transition-colors hover:bg-white/10 hover:text-parchment';

/** The open floating chat: a small non-modal window; Escape minimises it. */
export default function FloatingChatPanel({ chat }: { chat: FloatingChat }) {
  const t = useT();
  const box = useRef<HTMLTextAreaElement>(null);
  const apply = useApplyGoal();
  useEffect(() => {
    box.current?.focus();
    // A toast showing moves out of the open chat's way (ui/toast/Toaster).
    window.dispatchEvent(new Event(TOAST_AVOID_CHANGED));
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      chat.minimise();
    }
  }

  function renderActions(line: FloatingChatLine, lineIndex: number) {
    // What the hero said ("I need more time for the novel") goes with the re-plan as its note.
    const asked = chat.lines[lineIndex - 1];
    const note = asked?.role === 'user' ? asked.content.slice(0, 500) : undefined;
    const replans = (line.replans ?? []).map((offer) => (
      <ReplanButton
        key={`replan-${lineIndex}-${offer.goalId}`}
        goalId={offer.goalId}
        title={offer.title}
        note={note}
      />
    ));
    if (!line.actions?.length) return replans.length > 0 ? replans : null;
    return line.actions.map((action, actionIndex) => {
      const key = actionKey(lineIndex, actionIndex);
      const adding = apply.isPending && apply.variables === action;
      return (
        <GoalSuggestion
          key={key}
          action={action}
          state={chat.added.has(key) ? 'added' : adding ? 'adding' : 'idle'}
          busy={apply.isPending}
          onApply={() =>
            apply.mutate(action, {
              onSuccess: () => {
                chat.markAdded(key);
                // The button just pressed gives way to 'Added to your quests': keep the focus in the chat.
                box.current?.focus();
              },
            })
          }
        />
      );
    });
  }

  return (
    <section
      role="dialog"
      aria-labelledby="floating-chat-title"
      onKeyDown={onKeyDown}
      data-toast-avoid
      className="fixed inset-x-2 bottom-2 z-40 flex phone:bottom-[calc(4.25rem+env(safe-area-inset-bottom))] phone:z-50 phone:h-[min(34rem,calc(100dvh-14rem))] h-[min(34rem,calc(100dvh-1rem))] flex-col rounded-xl border border-gold/40 bg-surface shadow-2xl shadow-black/60 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-[24rem]"
    >
      <div className="flex items-center gap-2 border-edge border-b px-3 py-2">
        <img src="/pathfinder.svg" alt="" className="size-8" />
        <div className="min-w-0 flex-1">
          <h2 id="floating-chat-title" className="font-display text-gold">
            {t('pathfinder.title')}
          </h2>
          <Link
            to="/pathfinder"
            onClick={chat.minimise}
            className="inline-flex items-center gap-1 text-muted text-xs underline-offset-2 hover:text-parchment hover:underline"
          >
            <Compass className="size-3" aria-hidden />
            {t('chat.openPage')}
          </Link>
        </div>
        <button type="button" className={iconButton} aria-label={t('chat.minimise')} onClick={chat.minimise}>
          <Minus className="size-5" aria-hidden />
        </button>
        <button type="button" className={iconButton} aria-label={t('chat.close')} onClick={chat.close}>
          <X className="size-5" aria-hidden />
        </button>
      </div>
      <ChatTranscript
        label={t('chat.transcript')}
        className="min-h-0 flex-1 px-2 pt-2"
        messages={chat.lines}
        pending={chat.pending}
        streamed={chat.streamed}
        waitingText={t('chat.thinking')}
        renderAfter={renderActions}
      />
      <div className="border-edge border-t p-2">
        <ChatComposer
          label={t('chat.message')}
          placeholder={t('chat.placeholder')}
          pending={chat.pending}
          onSend={(text) => void chat.send(text)}
          textareaRef={box}
        />
      </div>
    </section>
  );
}

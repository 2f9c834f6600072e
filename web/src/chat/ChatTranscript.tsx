import { Sparkles } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useT } from '../i18n/useT.ts';
import { ScrollBox } from '../ui/ScrollBox.tsx';

/** The chat scroll area hides its scrollbar after 600 ms. */
export const CHAT_SCROLLBAR_HIDE_MS = 600;

export interface ChatLine {
  role: 'user' | 'assistant';
  content: string;
}

export interface ChatTranscriptProps<T extends ChatLine> {
  label: string;
  messages: readonly T[];
  /** A reply is on its way; `streamed` is what of it has been written so far. */
  pending: boolean;
  streamed: string;
  /** What the hero sees while waiting for the first words; null when the page shows its own progress. */
  waitingText: string | null;
  /** Anything shown under an assistant message (e.g. a quest The Pathfinder suggests). */
  renderAfter?: (message: T, index: number) => ReactNode;
  className?: string;
  /** CSS max height; without it the transcript fills its parent. */
  maxHeight?: string;
}

function Bubble({ speaker, children }: { speaker: ChatLine['role']; children: ReactNode }) {
  const t = useT();
  return (
    <p
      className={`max-w-[85%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm ${
        speaker === 'user' ? 'bg-gold text-night' : 'bg-surface-2 text-parchment'
      }`}
    >
      <span className="sr-only">{speaker === 'user' ? t('chat.you') : t('chat.pathfinder')} </span>
      {children}
    </p>
  );
}

/**
 * A conversation with The Pathfinder that follows its newest line: the reply as it streams in, then
 * whatever the page shows under it. The list is a polite live region, so a reply is read out once.
 */
export function ChatTranscript<T extends ChatLine>({
  label,
  messages,
  pending,
  streamed,
  waitingText,
  renderAfter,
  className = '',
  maxHeight,
}: ChatTranscriptProps<T>) {
  const viewport = useRef<HTMLDivElement>(null);
  const count = messages.length;
  useEffect(() => {
    // Scrolling the box itself (not scrollIntoView) keeps the page where it is.
    const box = viewport.current;
    if (box && (count > 0 || pending || streamed)) box.scrollTop = box.scrollHeight;
  }, [count, pending, streamed]);

  return (
    <ScrollBox
      label={label}
      scrollHideDelay={CHAT_SCROLLBAR_HIDE_MS}
      className={className}
      viewportRef={viewport}
      {...(maxHeight ? { maxHeight } : {})}
    >
      <ol className="grid gap-3 p-1 pr-3" aria-live="polite">
        {messages.map((message, index) => (
          <li
            // Messages are append-only, so the index is a stable identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className={message.role === 'user' ? 'flex justify-end' : 'grid gap-2'}
            data-role={message.role}
          >
            {message.role === 'assistant' ? (
              <div className="flex gap-2">
                <img src="/pathfinder.svg" alt="" className="size-7 shrink-0" />
                <Bubble speaker="assistant">{message.content}</Bubble>
              </div>
            ) : (
              <Bubble speaker="user">{message.content}</Bubble>
            )}
            {renderAfter?.(message, index)}
          </li>
        ))}
        {pending && streamed ? (
          // Hidden from screen readers while it grows; the finished message is read out once.
          <li className="flex gap-2" aria-hidden data-streaming>
            <img src="/pathfinder.svg" alt="" className="size-7 shrink-0" />
            <Bubble speaker="assistant">{streamed}</Bubble>
          </li>
        ) : null}
        {pending && !streamed && waitingText ? (
          <li className="flex items-center gap-2 text-muted text-sm" data-testid="pathfinder-thinking">
            <Sparkles className="size-4 animate-pulse text-gold" aria-hidden />
            {waitingText}
          </li>
        ) : null}
      </ol>
    </ScrollBox>
  );
}

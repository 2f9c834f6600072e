import { formatDate } from '@lifequest/proto';
import { Send, Sparkles, Swords } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { inputClasses } from '../../ui/Field.tsx';
import { ScrollBox } from '../../ui/ScrollBox.tsx';
import { REFINE_MESSAGE, START_QUEST_MESSAGE } from '../pathfinderApi.ts';
import type { FinalGoal } from '../pathfinderTypes.ts';
import { SmartIndicators } from '../SmartIndicators.tsx';
import type { PathfinderChat } from '../usePathfinderChat.ts';

/** Spec 9: the chat scroll area hides its scrollbar after 600 ms. */
export const CHAT_SCROLLBAR_HIDE_MS = 600;

export interface PathfinderChatStepProps {
  chat: PathfinderChat;
  onComplete: (quest: FinalGoal | null) => void;
  quest: FinalGoal | null;
}

function QuestPreview({ quest }: { quest: FinalGoal }) {
  const deadline = formatDate(quest.deadline);
  return (
    <div className="grid gap-2 rounded-lg border border-gold/40 bg-gold/5 p-4" data-testid="final-goal">
      <p className="flex items-center gap-2 font-display text-gold">
        <Swords className="size-4" aria-hidden />
        {quest.title}
      </p>
      {deadline ? <p className="text-muted text-sm">Target: {deadline}</p> : null}
      {quest.milestones.length > 0 ? (
        <ol className="list-decimal pl-5 text-parchment text-sm">
          {quest.milestones.map((milestone, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: milestone texts may repeat and never reorder
            <li key={index}>{milestone}</li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

export function PathfinderChatStep({ chat, onComplete, quest }: PathfinderChatStepProps) {
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);
  const messageBox = useRef<HTMLTextAreaElement>(null);
  const canSend = draft.trim() !== '' && !chat.pending;

  const messageCount = chat.messages.length;
  useEffect(() => {
    // Follow the conversation: each new message scrolls into view.
    if (messageCount > 0) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messageCount]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    const text = draft;
    setDraft('');
    void chat.send(text);
  }

  function onSendClick(event: MouseEvent<HTMLButtonElement>) {
    // Sending empties the draft, which disables Send, and a disabled button drops the keyboard focus to
    // the page. A click from the keyboard (detail 0) hands it to the message box, where the reply is
    // answered; a pointer click leaves it alone, so a phone does not reopen its keyboard over the reply.
    if (event.detail === 0) messageBox.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <div className="grid w-full gap-4">
      <div className="flex items-center gap-3">
        <img src="/pathfinder.svg" alt="" className="size-12" />
        <div>
          <h1 className="text-2xl text-gold">Forge Your First Quest</h1>
          <p className="text-muted text-sm">Speak with The Pathfinder to shape a SMART goal.</p>
        </div>
      </div>

      <SmartIndicators data={chat.smartGoalData} />

      <div className="rounded-xl border border-edge bg-night/60 p-3">
        <ScrollBox
          maxHeight="22rem"
          label="Conversation with The Pathfinder"
          scrollHideDelay={CHAT_SCROLLBAR_HIDE_MS}
        >
          <ol className="grid gap-3 pr-2" aria-live="polite">
            {chat.messages.map((message, index) => (
              <li
                // Messages are append-only, so the index is a stable identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                className={message.role === 'user' ? 'flex justify-end' : 'flex gap-2'}
                data-role={message.role}
              >
                {message.role === 'assistant' ? (
                  <img src="/pathfinder.svg" alt="" className="size-7 shrink-0" />
                ) : null}
                <p
                  className={`max-w-[85%] whitespace-pre-wrap rounded-lg px-3 py-2 text-sm ${
                    message.role === 'user' ? 'bg-gold text-night' : 'bg-surface-2 text-parchment'
                  }`}
                >
                  <span className="sr-only">{message.role === 'user' ? 'You: ' : 'The Pathfinder: '}</span>
                  {message.content}
                </p>
              </li>
            ))}
            {chat.pending ? (
              <li className="flex items-center gap-2 text-muted text-sm" data-testid="pathfinder-thinking">
                <Sparkles className="size-4 animate-pulse text-gold" aria-hidden />
                The Pathfinder is thinking...
              </li>
            ) : null}
          </ol>
          <div ref={endRef} />
        </ScrollBox>
      </div>

      {chat.phase === 'ready' ? (
        <div className="grid gap-3 rounded-xl border border-gold/40 bg-surface p-4">
          {quest ? <QuestPreview quest={quest} /> : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button disabled={chat.pending} onClick={() => void chat.send(START_QUEST_MESSAGE)}>
              Start This Quest
            </Button>
            <Button
              variant="secondary"
              disabled={chat.pending}
              onClick={() => void chat.send(REFINE_MESSAGE)}
            >
              Refine Further
            </Button>
          </div>
        </div>
      ) : null}

      {chat.phase === 'complete' ? (
        <div className="grid gap-3 rounded-xl border border-gold/40 bg-surface p-4">
          {quest ? <QuestPreview quest={quest} /> : null}
          {/* It replaces 'Start This Quest', which held the focus: hand it on. */}
          <Button autoFocus onClick={() => onComplete(quest)}>
            Complete Your Quest Setup
          </Button>
        </div>
      ) : (
        <form className="flex items-end gap-2" onSubmit={submit}>
          <label htmlFor="pathfinder-message" className="sr-only">
            Your message to The Pathfinder
          </label>
          <textarea
            ref={messageBox}
            id="pathfinder-message"
            rows={2}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder="Describe the goal you want to achieve..."
            className={inputClasses('resize-none')}
          />
          <Button
            type="submit"
            disabled={!canSend}
            aria-label="Send message"
            onClick={onSendClick}
            className="shrink-0"
          >
            <Send className="size-4" aria-hidden />
          </Button>
        </form>
      )}
    </div>
  );
}

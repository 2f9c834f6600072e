import { Bot } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { ChatComposer } from '../chat/ChatComposer.tsx';
import { ChatTranscript } from '../chat/ChatTranscript.tsx';
import { useT } from '../i18n/useT.ts';
import { LongWait } from '../ui/LongWait.tsx';
import { type CoachLine, useCoachChat, useConfirmPlan, useWaitingPlan } from './advisor.ts';
import { PlanProposal } from './PlanProposal.tsx';

/** The AI coach panel is 600 px tall. */
export const AI_COACH_PANEL_HEIGHT = 600;

/** The Pathfinder page's chat tab: the AI Coach, and the plan it proposes waiting for Confirm. */
export function AiCoach() {
  const t = useT();
  const chat = useCoachChat();
  // The coach's opening words, shown above the stored conversation (and never sent back).
  const intro: CoachLine = { role: 'assistant', content: t('pathfinder.coach.intro') };
  // Cancel hides the panel (docs/product.md#pathfinder) for the rest of the visit; see useWaitingPlan.
  const { plan, draftId, key: draftKey, cancel } = useWaitingPlan();
  const confirm = useConfirmPlan();
  const proposal = useRef<HTMLElement>(null);

  useEffect(() => {
    // A new plan on a phone lands below the chat: bring it into view.
    if (draftKey) proposal.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [draftKey]);

  return (
    <div className={`grid items-start gap-4 ${plan ? 'lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]' : ''}`}>
      <section
        aria-labelledby="ai-coach-title"
        className="flex flex-col gap-3 rounded-xl border border-edge bg-surface/90 p-3 shadow-lg shadow-black/30 sm:p-4"
        style={{ height: AI_COACH_PANEL_HEIGHT }}
        data-testid="ai-coach"
      >
        <div className="flex items-center gap-2">
          <Bot className="size-6 text-gold" aria-hidden />
          <div>
            <h2 id="ai-coach-title" className="text-gold text-xl">
              {t('pathfinder.coach.title')}
            </h2>
            <p className="text-muted text-xs">{t('pathfinder.coach.subtitle')}</p>
          </div>
        </div>
        {chat.loading ? (
          <p className="flex-1 text-muted text-sm">{t('pathfinder.coach.loading')}</p>
        ) : (
          <ChatTranscript
            label={t('pathfinder.coach.transcript')}
            className="min-h-0 flex-1 rounded-lg bg-night/50"
            messages={[intro, ...chat.lines]}
            pending={chat.pending}
            streamed={chat.streamed}
            // The progress bar below says it, with the time so far.
            waitingText={null}
          />
        )}
        {chat.pending ? <LongWait label={t('pathfinder.coach.drafting')} /> : null}
        <ChatComposer
          label={t('pathfinder.coach.message')}
          placeholder={t('pathfinder.coach.placeholder')}
          // Nothing is sent before the stored conversation is shown, or it would land above it.
          pending={chat.pending || chat.loading}
          onSend={(text) => void chat.send(text)}
        />
      </section>

      {plan ? (
        <PlanProposal
          ref={proposal}
          plan={plan}
          confirming={confirm.isPending}
          onConfirm={() => confirm.mutate({ plan, draftId })}
          onCancel={cancel}
        />
      ) : null}
    </div>
  );
}

import { Swords } from 'lucide-react';
import { ChatComposer } from '../../chat/ChatComposer.tsx';
import { ChatTranscript } from '../../chat/ChatTranscript.tsx';
import { formatDay } from '../../i18n/format.ts';
import { useLocale, useT } from '../../i18n/useT.ts';
import { usePathfinderEnglishOnly } from '../../pathfinder/advisor.ts';
import { Button } from '../../ui/Button.tsx';
import { REFINE_MESSAGE, START_QUEST_MESSAGE } from '../pathfinderApi.ts';
import type { FinalGoal } from '../pathfinderTypes.ts';
import { SmartIndicators } from '../SmartIndicators.tsx';
import type { PathfinderChat } from '../usePathfinderChat.ts';

export interface PathfinderChatStepProps {
  chat: PathfinderChat;
  onComplete: (quest: FinalGoal | null) => void;
  quest: FinalGoal | null;
}

function QuestPreview({ quest }: { quest: FinalGoal }) {
  const t = useT();
  const locale = useLocale();
  const deadline = formatDay(quest.deadline, locale);
  return (
    <div className="grid gap-2 rounded-lg border border-gold/40 bg-gold/5 p-4" data-testid="final-goal">
      <p className="flex items-center gap-2 font-display text-gold">
        <Swords className="size-4" aria-hidden />
        {quest.title}
      </p>
      {deadline ? (
        <p className="text-muted text-sm">{t('onboarding.chat.target', { date: deadline })}</p>
      ) : null}
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
  const t = useT();
  const englishOnly = usePathfinderEnglishOnly();
  return (
    <div className="grid w-full gap-4">
      <div className="flex items-center gap-3">
        <img src="/pathfinder.svg" alt="" className="size-12" />
        <div>
          <h1 className="text-2xl text-gold">{t('onboarding.chat.title')}</h1>
          <p className="text-muted text-sm">{t('onboarding.chat.intro')}</p>
          {/* The offline engine writes English only, as the Pathfinder page says (docs/features/languages.md). */}
          {englishOnly ? (
            <p className="text-gold text-sm" data-testid="pathfinder-english-only">
              {t('pathfinder.englishOnly')}
            </p>
          ) : null}
        </div>
      </div>

      <SmartIndicators data={chat.smartGoalData} />

      <div className="rounded-xl border border-edge bg-night/60 p-3">
        <ChatTranscript
          label={t('onboarding.chat.transcript')}
          maxHeight="22rem"
          messages={chat.messages}
          pending={chat.pending}
          streamed=""
          waitingText={t('onboarding.chat.thinking')}
        />
      </div>

      {chat.phase === 'ready' ? (
        <div className="grid gap-3 rounded-xl border border-gold/40 bg-surface p-4">
          {quest ? <QuestPreview quest={quest} /> : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button disabled={chat.pending} onClick={() => void chat.send(START_QUEST_MESSAGE)}>
              {t('onboarding.chat.start')}
            </Button>
            <Button
              variant="secondary"
              disabled={chat.pending}
              onClick={() => void chat.send(REFINE_MESSAGE)}
            >
              {t('onboarding.chat.refine')}
            </Button>
          </div>
        </div>
      ) : null}

      {chat.phase === 'complete' ? (
        <div className="grid gap-3 rounded-xl border border-gold/40 bg-surface p-4">
          {quest ? <QuestPreview quest={quest} /> : null}
          {/* It replaces 'Start This Quest', which held the focus: hand it on. */}
          <Button autoFocus onClick={() => onComplete(quest)}>
            {t('onboarding.chat.complete')}
          </Button>
        </div>
      ) : (
        <ChatComposer
          id="pathfinder-message"
          label={t('onboarding.chat.label')}
          placeholder={t('onboarding.chat.placeholder')}
          pending={chat.pending}
          onSend={(text) => void chat.send(text)}
        />
      )}
    </div>
  );
}

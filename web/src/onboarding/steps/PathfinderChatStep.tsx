import { formatDate } from '@lifequest/proto';
import { Swords } from 'lucide-react';
import { ChatComposer } from '../../chat/ChatComposer.tsx';
import { ChatTranscript } from '../../chat/ChatTranscript.tsx';
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
        <ChatTranscript
          label="Conversation with The Pathfinder"
          maxHeight="22rem"
          messages={chat.messages}
          pending={chat.pending}
          streamed=""
          waitingText="The Pathfinder is thinking..."
        />
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
        <ChatComposer
          id="pathfinder-message"
          label="Your message to The Pathfinder"
          placeholder="Describe the goal you want to achieve..."
          pending={chat.pending}
          onSend={(text) => void chat.send(text)}
        />
      )}
    </div>
  );
}

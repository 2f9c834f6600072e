import { useRef, useState } from 'react';
import { askPathfinder, PATHFINDER_FAILURE_BOT_MESSAGE } from './pathfinderApi.ts';
import {
  type ChatMessage,
  type ConversationPhase,
  EMPTY_SMART_GOAL,
  type FinalGoal,
  type SmartGoalData,
} from './pathfinderTypes.ts';

export function pathfinderGreeting(displayName: string): string {
  return `Greetings, ${displayName}! I am The Pathfinder. Every great quest begins with a single desire. Tell me: what goal calls to you?`;
}

export interface PathfinderChat {
  messages: ChatMessage[];
  phase: ConversationPhase;
  smartGoalData: SmartGoalData;
  finalGoal: FinalGoal | null;
  pending: boolean;
  /** Sends a hero message; ignored when blank after trimming or while a reply is pending (docs/product.md#onboarding). */
  send: (text: string) => Promise<void>;
}

/** A conversation to pick up where it was (the one the ai service saved), instead of a new greeting. */
export interface ResumedConversation {
  messages: ChatMessage[];
  phase: ConversationPhase;
  smartGoalData: SmartGoalData;
  finalGoal: FinalGoal | null;
}

export function usePathfinderChat(
  displayName: string,
  primaryClass: string,
  resumed: ResumedConversation | null = null,
): PathfinderChat {
  const [messages, setMessages] = useState<ChatMessage[]>(() =>
    resumed && resumed.messages.length > 0
      ? resumed.messages
      : [{ role: 'assistant', content: pathfinderGreeting(displayName) }],
  );
  const [phase, setPhase] = useState<ConversationPhase>(resumed?.phase ?? 'initial');
  const [smartGoalData, setSmartGoalData] = useState<SmartGoalData>(() =>
    resumed ? { ...EMPTY_SMART_GOAL, ...resumed.smartGoalData } : EMPTY_SMART_GOAL,
  );
  const [finalGoal, setFinalGoal] = useState<FinalGoal | null>(resumed?.finalGoal ?? null);
  const [pending, setPending] = useState(false);
  // A ref, not state, guards re-entry: two clicks in one frame would both see pending=false.
  const inFlight = useRef(false);

  async function send(text: string) {
    const content = text.trim();
    if (content === '' || inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    const history: ChatMessage[] = [...messages, { role: 'user', content }];
    setMessages(history);
    try {
      const reply = await askPathfinder({
        messages: history,
        phase,
        primaryClass,
        displayName,
        smartGoalData,
      });
      setMessages([...history, { role: 'assistant', content: reply.response }]);
      setPhase(reply.phase);
      if (reply.smartGoalData) setSmartGoalData({ ...EMPTY_SMART_GOAL, ...reply.smartGoalData });
      if (reply.finalGoal) setFinalGoal(reply.finalGoal);
    } catch {
      setMessages([...history, { role: 'assistant', content: PATHFINDER_FAILURE_BOT_MESSAGE }]);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return { messages, phase, smartGoalData, finalGoal, pending, send };
}

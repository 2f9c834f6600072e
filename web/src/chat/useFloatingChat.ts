import { useRef, useState } from 'react';
import { askFloatingChat, type FloatingChatLine, floatingChatGreeting } from './floatingChat.ts';

/** Names one suggested quest of a conversation: its line, then its place among the line's actions. */
export function actionKey(lineIndex: number, actionIndex: number): string {
  return `${lineIndex}:${actionIndex}`;
}

export type FloatingChatView = 'closed' | 'open' | 'minimised';

export interface FloatingChat {
  view: FloatingChatView;
  lines: FloatingChatLine[];
  pending: boolean;
  /** The reply so far while it streams in. */
  streamed: string;
  /** A reply arrived while the chat was minimised. */
  unread: boolean;
  /** Suggested quests (by `actionKey`) the hero already added in this conversation. */
  added: ReadonlySet<string>;
  markAdded: (key: string) => void;
  open: () => void;
  minimise: () => void;
  /** Ends the conversation; the next open starts a new one with a new greeting. */
  close: () => void;
  send: (text: string) => Promise<void>;
}

/**
 * The floating chat's conversation. It greets on the first open of a conversation; minimising keeps
 * the conversation (and a reply still on its way), closing ends it. Blank messages and messages typed
 * while a reply is pending are not sent (docs/product.md#pathfinder).
 */
export function useFloatingChat(heroName: string): FloatingChat {
  const [view, setView] = useState<FloatingChatView>('closed');
  const [lines, setLines] = useState<FloatingChatLine[]>([]);
  const [pending, setPending] = useState(false);
  const [streamed, setStreamed] = useState('');
  const [unread, setUnread] = useState(false);
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  // Refs, not state, guard re-entry and late replies: two Enters in one frame would both see
  // pending=false, and a reply to a closed conversation must not land in the next one.
  const inFlight = useRef(false);
  const conversation = useRef(0);
  const viewRef = useRef<FloatingChatView>('closed');

  function show(next: FloatingChatView) {
    viewRef.current = next;
    setView(next);
  }

  function open() {
    if (viewRef.current === 'closed' && lines.length === 0) {
      setLines([{ role: 'assistant', content: floatingChatGreeting(heroName) }]);
    }
    setUnread(false);
    show('open');
  }

  function close() {
    conversation.current += 1;
    inFlight.current = false;
    setPending(false);
    setStreamed('');
    setLines([]);
    setAdded(new Set());
    setUnread(false);
    show('closed');
  }

  async function send(text: string) {
    const content = text.trim();
    if (content === '' || inFlight.current) return;
    inFlight.current = true;
    const current = conversation.current;
    const history: FloatingChatLine[] = [...lines, { role: 'user', content }];
    setLines(history);
    setPending(true);
    setStreamed('');
    const answer = await askFloatingChat(history, {
      onDelta: (delta) => {
        if (conversation.current === current) setStreamed((sofar) => sofar + delta);
      },
      onRestart: () => {
        if (conversation.current === current) setStreamed('');
      },
    });
    if (conversation.current !== current) return;
    setLines([...history, answer]);
    setStreamed('');
    setPending(false);
    inFlight.current = false;
    if (viewRef.current === 'minimised') setUnread(true);
  }

  return {
    view,
    lines,
    pending,
    streamed,
    unread,
    added,
    markAdded: (key) => setAdded((keys) => new Set(keys).add(key)),
    open,
    minimise: () => show('minimised'),
    close,
    send,
  };
}

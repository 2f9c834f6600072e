/**
 * Lets a screen open the floating chat (the dashboard's 'New Quest' on a phone): the bubble listens
 * for this and opens as if tapped.
 */
const OPEN_CHAT = 'lifequest:open-chat';

export function requestOpenChat(): void {
  window.dispatchEvent(new Event(OPEN_CHAT));
}

export function onOpenChatRequest(listener: () => void): () => void {
  window.addEventListener(OPEN_CHAT, listener);
  return () => window.removeEventListener(OPEN_CHAT, listener);
}

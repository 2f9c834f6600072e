// Limits of a chat with The Pathfinder, kept apart from the ai schemas so the web can read them
// without loading zod.

/** Longest chat message a hero may send; longer text is refused, not cut. */
export const AI_MESSAGE_MAX = 2_000;
/** Most messages one conversation call may carry (the web sends the whole conversation each turn). */
export const AI_CONVERSATION_MAX = 100;

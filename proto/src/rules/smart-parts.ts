/**
 * The five parts of a SMART goal, in the order the Pathfinder asks for them. Apart from the chat's
 * schemas (../http/ai.ts) so that the web app's first screen, which lists them, does not load zod.
 */
export const SMART_PARTS = ['specific', 'measurable', 'achievable', 'relevant', 'timeBound'] as const;
export type SmartPart = (typeof SMART_PARTS)[number];

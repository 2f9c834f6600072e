export * from './errors.ts';
export * from './events/index.ts';
export * from './http/ai.ts';
export * from './http/auth.ts';
export * from './http/quests.ts';
export * from './rules/index.ts';

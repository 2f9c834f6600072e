// Pure business rules shared by the services and the web app. No I/O: every clock is a parameter.
export * from './behind.ts';
export * from './chat-limits.ts';
export * from './discipline.ts';
export * from './fallback-plan.ts';
export * from './hero-name.ts';
export * from './level.ts';
export * from './life-class.ts';
export * from './locale.ts';
export * from './milestone-xp.ts';
export * from './profile.ts';
export * from './progress.ts';
export * from './skill-benchmarks.ts';
export * from './skill-nodes.ts';
export * from './skill-tree.ts';
export * from './stories.ts';
export * from './streak.ts';
export * from './time.ts';

export * from './bullmq-queue.ts';
export * from './create-queue.ts';
export * from './in-process-queue.ts';
export * from './metrics.ts';
export * from './ports.ts';
export * from './scheduled.ts';

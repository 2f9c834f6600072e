export * from './app.ts';
export * from './distributed.ts';
export * from './processes.ts';

export * from './app.ts';
export * from './distributed.ts';
export * from './hero-purge.ts';
export * from './processes.ts';
export * from './transfers.ts';

export * from './app.ts';
export * from './distributed.ts';
export * from './hero-erasure.ts';
export * from './processes.ts';

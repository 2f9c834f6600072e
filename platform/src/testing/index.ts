export * from './app.ts';
export * from './distributed.ts';
export * from './infra.ts';
export * from './infra-prefix.ts';
export * from './processes.ts';
export * from './schema-agreement.ts';

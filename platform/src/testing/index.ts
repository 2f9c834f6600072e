export * from './app.ts';
export * from './infra.ts';
export * from './processes.ts';
export * from './schema-agreement.ts';

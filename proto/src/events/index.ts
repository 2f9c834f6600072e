export * from './catalogue.ts';
export * from './envelope.ts';
export * from './payloads.ts';

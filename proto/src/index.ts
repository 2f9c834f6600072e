export * from './errors.ts';
export * from './http/auth.ts';
export * from './rules/index.ts';

export * from './infra.ts';
export * from './infra-prefix.ts';
export * from './modules.ts';
export * from './ports.ts';
export * from './raw-http.ts';
export * from './schema-agreement.ts';
export * from './sse.ts';
export * from './tcp-proxy.ts';

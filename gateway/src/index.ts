export { startGateway } from './gateway.ts';
export { isForbiddenClientHeader } from './proxy.ts';
export { SESSION_COOKIE } from './sessions/request-session.ts';

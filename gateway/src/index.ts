export { isForbiddenClientHeader, SESSION_COOKIE, startGateway } from './gateway.ts';

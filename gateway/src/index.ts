export { SESSION_COOKIE, startGateway } from './gateway.ts';
export { ROUTES } from './routing.ts';

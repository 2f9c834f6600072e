/** The hero (GET /api/auth/me, login, register) and the login/register answer, from the shared contracts. */
export type { AuthResponse, OnboardingResult, User } from '@lifequest/proto';

/**
 * The one table of error codes: each stable code, its HTTP status and the short text a hero sees.
 * Every non-2xx body is `{ error, message, code }`; the web shows `error`, then `message` (docs/product.md#errors).
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, error: 'Invalid request' },
  INVALID_JSON: { status: 400, error: 'Invalid request' },
  /** Valid JSON holding a key that could reach an object's prototype (`__proto__`, `constructor.prototype`). */
  FORBIDDEN_KEY: { status: 400, error: 'Invalid request' },
  /** Any other malformed request the HTTP layer itself refused (a header it cannot read, say). */
  BAD_REQUEST: { status: 400, error: 'Invalid request' },
  UNAUTHENTICATED: { status: 401, error: 'Please sign in' },
  INVALID_CREDENTIALS: { status: 401, error: 'Invalid credentials' },
  FORBIDDEN: { status: 403, error: 'Not allowed' },
  NOT_FOUND: { status: 404, error: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, error: 'Not found' },
  /** The path has routes, none for this method: the answer's `Allow` lists theirs. */
  METHOD_NOT_ALLOWED: { status: 405, error: 'Method not allowed' },
  USER_NOT_FOUND: { status: 404, error: 'Hero not found' },
  QUEST_NOT_FOUND: { status: 404, error: 'Quest not found' },
  QUEST_NOT_COMPLETED: { status: 400, error: 'Quest not completed yet' },
  NOTHING_TO_CELEBRATE: { status: 400, error: 'Nothing to celebrate yet' },
  MILESTONE_NOT_FOUND: { status: 404, error: 'Milestone not found' },
  STORY_NOT_FOUND: { status: 404, error: 'Story not found' },
  CHALLENGE_NOT_FOUND: { status: 404, error: 'Challenge not found' },
  FRIEND_REQUEST_NOT_FOUND: { status: 404, error: 'Friend request not found' },
  ACTIVITY_NOT_FOUND: { status: 404, error: 'Activity not found' },
  FRIEND_REQUEST_TO_SELF: { status: 400, error: 'You cannot befriend yourself' },
  FRIEND_NOT_FOUND: { status: 404, error: 'No hero with that e-mail' },
  ALREADY_FRIENDS: { status: 409, error: 'Already friends' },
  /** DELETE /api/blocks/{user_id} for a hero this hero has not blocked. */
  BLOCK_NOT_FOUND: { status: 404, error: 'Block not found' },
  BLOCK_SELF: { status: 400, error: 'You cannot block yourself' },
  /** A display name the Hall refuses (the message says why): see docs/features/hall-privacy.md. */
  INVALID_NAME: { status: 400, error: 'Name not allowed' },
  /** complete-onboarding for a hero already onboarded: renaming is PATCH /api/auth/me. */
  ALREADY_ONBOARDED: { status: 409, error: 'Already onboarded' },
  /** A second rename within a day; `Retry-After` and the message say when the next one is allowed. */
  RENAME_TOO_SOON: { status: 429, error: 'Name changed recently' },
  FRIEND_REQUEST_PENDING: { status: 409, error: 'Friend request already pending' },
  FRIEND_REQUEST_DECLINED: { status: 409, error: 'Friend request declined recently' },
  VACATION_OUT_OF_RANGE: { status: 400, error: 'Vacation must end within 30 days' },
  NOTIFICATION_NOT_FOUND: { status: 404, error: 'Notification not found' },
  ADMIN_DELETE_SELF: { status: 400, error: 'You cannot delete yourself' },
  ADMIN_DELETE_ADMIN: { status: 403, error: 'Admins cannot be deleted here' },
  /** An ADMIN_EMAILS account deleting itself: it would come back at the next boot (data-ownership.md). */
  SELF_DELETE_ADMIN: { status: 403, error: 'An admin account cannot delete itself' },
  EMAIL_TAKEN: { status: 409, error: 'Email already registered' },
  CONFLICT: { status: 409, error: 'Conflict' },
  /** An Idempotency-Key this hero already sent with another request (docs/features/offline-app.md#idempotency). */
  IDEMPOTENCY_KEY_REUSED: { status: 422, error: 'Idempotency key already used' },
  /** The request did not arrive whole within the server's request timeout. */
  REQUEST_TIMEOUT: { status: 408, error: 'Request took too long' },
  PAYLOAD_TOO_LARGE: { status: 413, error: 'Request too large' },
  /** An import's file over its size limit (docs/features/data-ownership.md#import). */
  IMPORT_TOO_LARGE: { status: 413, error: 'File too large' },
  /** An import's file holding more quests, milestones and progress entries than an import takes. */
  IMPORT_TOO_MANY_ITEMS: { status: 400, error: 'Too many items' },
  /** An import's file that is neither a LifeQuest export (ZIP or JSON) nor Habitica's user data. */
  IMPORT_UNREADABLE: { status: 400, error: 'File not recognised' },
  /** An export or import job of another hero, or none: 404, as every other hero's resource. */
  TRANSFER_NOT_FOUND: { status: 404, error: 'Not found' },
  URI_TOO_LONG: { status: 414, error: 'Request path too long' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: 'Unsupported content type' },
  RATE_LIMITED: { status: 429, error: 'Too many requests' },
  AI_BUDGET_EXCEEDED: { status: 429, error: 'Daily AI budget spent' },
  /** The HTTP parser refused the request's headers as too large (Node's maxHeaderSize, 16 KB). */
  HEADERS_TOO_LARGE: { status: 431, error: 'Request headers too large' },
  AI_PROVIDER_FAILED: { status: 502, error: 'The Pathfinder could not answer' },
  AI_OUTPUT_INVALID: { status: 502, error: "The Pathfinder's answer was garbled" },
  AI_PROVIDER_TIMEOUT: { status: 504, error: 'The Pathfinder took too long' },
  STORY_FAILED: { status: 502, error: 'The story could not be written' },
  INTERNAL: { status: 500, error: 'Something went wrong' },
  UPSTREAM_FAILED: { status: 502, error: 'A service failed to answer' },
  SERVICE_UNAVAILABLE: { status: 503, error: 'Service unavailable' },
  UPSTREAM_TIMEOUT: { status: 504, error: 'A service took too long' },
} as const satisfies Record<string, { status: number; error: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

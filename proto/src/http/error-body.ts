import { z } from 'zod';

/**
 * Every non-2xx body: `{ error, message, code }`, `code` one of ERROR_CODES (../errors.ts). Apart from
 * the table so that code needing only the codes (the web app's first screen) does not load zod.
 */
export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  code: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

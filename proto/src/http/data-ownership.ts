import { z } from 'zod';

/*
 * A hero's own data (docs/features/data-ownership.md): deleting one's account, the XP history.
 */

/** `DELETE /api/auth/me`: the hero's password, asked again, as a deletion cannot be undone. */
export const DeleteAccountBody = z.object({
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(256),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** The answer: the account is gone and every session ended; the other services purge in the background. */
export const AccountDeletion = z.object({ status: z.literal('deleting') });
export type AccountDeletion = z.infer<typeof AccountDeletion>;

export const XP_HISTORY_MAX_LIMIT = 200;

/** `GET /api/xp/history?before=&limit=`: a page of the ledger, newest first, older than `before`. */
export const XpHistoryQuery = z.object({
  before: z.iso.datetime({ error: 'before must be an ISO date-time' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(XP_HISTORY_MAX_LIMIT, `limit must be at most ${XP_HISTORY_MAX_LIMIT}`)
    .default(50),
});
export type XpHistoryQuery = z.infer<typeof XpHistoryQuery>;

/** One line of the XP ledger: negative when a reopening took XP back. Titles are kept since they were. */
export const XpHistoryItem = z.object({
  at: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  quest_title: z.string().optional(),
  milestone_title: z.string().optional(),
});
export type XpHistoryItem = z.infer<typeof XpHistoryItem>;

export const XpHistory = z.object({ items: z.array(XpHistoryItem) });
export type XpHistory = z.infer<typeof XpHistory>;

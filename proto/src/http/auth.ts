import { z } from 'zod';
import { LIFE_CLASSES } from '../rules/life-class.ts';
import { LOCALES } from '../rules/locale.ts';
import { isTimeZone } from '../rules/streak.ts';

export const LifeClassSchema = z.enum(LIFE_CLASSES);

export const PASSWORD_MIN_LENGTH = 8;

const email = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'email must be at most 254 characters')
  .pipe(z.email({ error: 'email must be a valid e-mail address' }));

export const RegisterBody = z.object({
  email,
  password: z
    .string({ error: 'password is required' })
    .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(256, 'password must be at most 256 characters'),
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(80, 'name must be at most 80 characters'),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({
  email,
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(256),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** The current user: name, email, isOnboarded, activeClassTitle, lifeLevel, totalXP, and the fields LifeQuest adds. */
export const User = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isOnboarded: z.boolean(),
  activeClassTitle: z.string(),
  primaryClass: LifeClassSchema,
  lifeLevel: z.number().int(),
  totalXP: z.number().int(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  /** False when the hero left the global rankings (friends still rank them). */
  showInRankings: z.boolean(),
  /** When the hero may rename themself next (ISO timestamp), or null when they may now. */
  nextRenameAt: z.string().nullable(),
  /** The hero's IANA time zone: their streak's days and their Monday review follow it. */
  timezone: z.string(),
  /** The language the hero chose for the app (docs/features/languages.md), or null to follow the browser. */
  locale: z.enum(LOCALES).nullable(),
});
export type User = z.infer<typeof User>;

/** An IANA time zone this runtime knows ('Europe/Paris'); 'UTC' too. */
export const TimeZone = z
  .string({ error: 'timezone must be a string' })
  .max(64)
  .refine(isTimeZone, { error: 'timezone must be an IANA time zone such as Europe/Paris' });

/**
 * PATCH /api/auth/me: what a hero changes of their own account, each field optional and independent
 * (the handler applies those present). `name` follows the name rules (400 INVALID_NAME) and changes at
 * most once a day (429 RENAME_TOO_SOON); `timezone` is an IANA zone (streak days, the Monday review);
 * `locale` is the app's language.
 * An empty body changes nothing.
 */
export const UpdateMeBody = z.object({
  name: z
    .string({ error: 'name must be a string' })
    .trim()
    .min(1, 'name must not be empty')
    .max(80, 'name must be at most 80 characters')
    .optional(),
  show_in_rankings: z.boolean({ error: 'show_in_rankings must be true or false' }).optional(),
  timezone: TimeZone.optional(),
  /** One of LOCALES, or null to follow the browser again. */
  locale: z
    .enum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` })
    .nullable()
    .optional(),
});
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;

export const AuthResponse = z.object({ user: User, sessionId: z.string() });
export type AuthResponse = z.infer<typeof AuthResponse>;

const isoDate = z.iso.date({ error: 'must be a date (yyyy-mm-dd)' });

/** The onboarding result (docs/product.md#onboarding), sent by the web's last onboarding step. */
export const OnboardingResult = z.object({
  displayName: z.string().trim().min(1, 'displayName is required').max(80),
  primaryClass: LifeClassSchema,
  firstGoal: z
    .object({
      title: z.string().trim().min(1, 'firstGoal.title is required').max(200),
      deadline: isoDate.nullish(),
      className: z.string().max(40).nullish(),
      milestones: z
        .array(
          z.object({
            id: z.union([z.string().max(100), z.number()]).optional(),
            title: z.string().trim().min(1).max(200),
            completed: z.boolean().default(false),
          }),
        )
        .max(20),
    })
    .nullish(),
});
export type OnboardingResult = z.infer<typeof OnboardingResult>;

export const OkResponse = z.object({ ok: z.literal(true) });

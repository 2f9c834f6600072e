// The dates a new quest may aim for, the same whichever way it is created (POST /api/goals or a
// confirmed plan): a deadline or a milestone's due date is a plan for the future, not a record of the past.
import { AppError } from '@lifequest/platform';
import { addDays } from '@lifequest/proto';

/** The latest date a quest may aim for; later is a typo, not a plan. */
export const LATEST_DATE = '2100-12-31';

/**
 * A deadline or due date must be a real plan: not before yesterday (a hero east of UTC is already in
 * tomorrow's UTC day, so their "today" can be our yesterday) nor past 2100. `today` is the UTC day.
 */
export function assertPlanDate(field: string, date: string, today: string): void {
  if (date < addDays(today, -1)) {
    throw new AppError('VALIDATION_FAILED', `Invalid body: ${field} must not be in the past`);
  }
  if (date > LATEST_DATE) {
    throw new AppError('VALIDATION_FAILED', `Invalid body: ${field} must be before 2101`);
  }
}

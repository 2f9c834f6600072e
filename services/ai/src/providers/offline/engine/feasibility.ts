import type { DomainId } from './domain.ts';
import { addDays, daysBetween, fromIsoDate, toIsoDate } from './readers/calendar.ts';
import { formatClock, formatMoney, formatNumber, unitFor } from './readers/numbers.ts';
import type { Target } from './readers/quantity.ts';
import { describeDistance, describeTarget, type Measure, PERIOD_DAYS } from './target.ts';

// Is the target sane for the time available? Each kind of target has a pace the coach compares with
// well-known rules of thumb (0.5-1 kg a week of weight loss, a book a week, ~100 study hours per CEFR
// level, a 16-20 week marathon build-up). 'unknown' means only the hero can judge (money, projects), so
// the coach asks; 'unrealistic' means the coach pushes back with a safer target or deadline.

export type Verdict = 'comfortable' | 'moderate' | 'stretch' | 'unrealistic' | 'unknown';

export type Feasibility = {
  verdict: Verdict;
  /** 'about 1 book every 4 weeks' */
  pace: string | null;
  /** Why the coach pushes back, for 'unrealistic'. */
  concern: string | null;
  saferDeadline: string | null;
  saferTarget: Target | null;
};

export type Difficulty = 'easy' | 'medium' | 'hard';

/** Hours of guided study to reach each CEFR level from scratch (A1..C2), the usual rule of thumb. */
const CEFR_HOURS = [100, 200, 400, 600, 850, 1100];

/** Kilograms in one of each weight unit heroes use. */
const KG_PER: Record<string, number> = { kg: 1, lb: 1 / 2.2, stone: 6.35 };

type Limits = { comfortable: number; moderate: number; stretch: number };

function grade(perWeek: number, limits: Limits): Verdict {
  if (perWeek <= limits.comfortable) return 'comfortable';
  if (perWeek <= limits.moderate) return 'moderate';
  if (perWeek <= limits.stretch) return 'stretch';
  return 'unrealistic';
}

/** Rounds a suggestion so it reads like something a person would say: 23.7 -> 24, 1380 -> 1,400. */
function nice(value: number, decimals = 0): number {
  if (value >= 1000) return Math.round(value / 100) * 100;
  if (value >= 100) return Math.round(value / 10) * 10;
  const f = 10 ** decimals;
  return Math.max(1 / f, Math.round(value * f) / f);
}

function perWeekPhrase(perWeek: number, unit: string): string {
  const n = (value: number) => formatNumber(value, value >= 10 ? 0 : 1);
  if (perWeek >= 7) return `about ${n(perWeek / 7)} ${unitFor(perWeek / 7, unit)} a day`;
  if (perWeek >= 0.95) return `about ${n(perWeek)} ${unitFor(perWeek, unit)} a week`;
  const weeks = Math.max(2, Math.round(1 / perWeek));
  return `about 1 ${unitFor(1, unit)} every ${weeks} weeks`;
}

function rateLimits(domain: DomainId | null, unit: string): Limits | null {
  const u = unit.toLowerCase();
  if (/\bbooks?$/.test(u)) return { comfortable: 1, moderate: 2, stretch: 4 };
  if (/\bwords?$/.test(u) && domain === 'language') return { comfortable: 105, moderate: 210, stretch: 700 };
  if (/\bwords?$/.test(u)) return { comfortable: 7000, moderate: 14000, stretch: 35000 };
  if (/\bpages?$/.test(u)) return { comfortable: 280, moderate: 560, stretch: 1400 };
  if (/\b(?:courses?|certifications?)$/.test(u)) return { comfortable: 0.25, moderate: 0.5, stretch: 1 };
  if (/\b(?:lessons?|chapters?)$/.test(u)) return { comfortable: 7, moderate: 14, stretch: 35 };
  return null;
}

export function assessFeasibility(input: {
  target: Target | null;
  measure: Measure | null;
  domain: DomainId | null;
  today: Date;
  deadline: string;
}): Feasibility {
  const { target, measure, domain, today } = input;
  const days = Math.max(1, daysBetween(today, fromIsoDate(input.deadline)));
  const weeks = days / 7;
  const result = (verdict: Verdict, pace: string | null, extra: Partial<Feasibility> = {}): Feasibility => {
    // Anything but a habit squeezed into a few days is at least a stretch.
    const squeezed =
      days < 7 &&
      measure?.type !== 'habit' &&
      measure?.type !== 'per-period' &&
      (verdict === 'comfortable' || verdict === 'moderate');
    return {
      verdict: squeezed ? 'stretch' : verdict,
      pace,
      concern: null,
      saferDeadline: null,
      saferTarget: null,
      ...extra,
    };
  };
  const saferDeadline = (weeksNeeded: number) => toIsoDate(addDays(today, Math.ceil(weeksNeeded * 7)));

  if (!target) return result('unknown', null);

  if (measure?.type === 'rate') {
    const amount = measure.amount;
    const pace = `${amount.kind === 'money' ? formatMoney(amount.value, amount.unit) : `${formatNumber(amount.value)} ${amount.unit}`} a ${measure.per}`;
    return result(amount.kind === 'money' ? 'unknown' : 'comfortable', pace);
  }
  if (target.per) return perPeriod(target, domain, result);
  if (target.kind === 'lift') {
    // Without the hero's starting point only an impossible lift is flagged (world records are ~500 kg).
    const kg = target.value * (KG_PER[target.unit] ?? 1);
    if (kg > 300) return result('unrealistic', null, { concern: 'That is a lift for the world stage.' });
    return result('unknown', null);
  }
  // Where the hero starts from is not known: a figure to reach has no pace to judge.
  if (
    target.kind === 'duration' ||
    target.kind === 'score' ||
    (target.kind === 'weight' && target.direction === 'reach')
  )
    return result('unknown', null);

  switch (target.kind) {
    case 'weight': {
      const perKg = KG_PER[target.unit] ?? 1;
      const kg = target.value * perKg;
      const perWeek = kg / weeks;
      const limits =
        target.direction === 'gain'
          ? { comfortable: 0.25, moderate: 0.5, stretch: 1 }
          : { comfortable: 0.5, moderate: 1, stretch: 1.5 };
      const verdict = grade(perWeek, limits);
      const unitPerWeek = perWeek / perKg;
      // A stone is 14 lb: a weekly pace under a tenth of one reads in pounds ('about 0.5 lb a week').
      const pace =
        target.unit === 'stone' && unitPerWeek < 0.1
          ? `about ${formatNumber(unitPerWeek * 14)} lb a week`
          : `about ${formatNumber(unitPerWeek)} ${target.unit} a week`;
      if (verdict !== 'unrealistic') return result(verdict, pace);
      const safeRate = target.direction === 'gain' ? 0.5 : 0.75;
      const safeRange = target.direction === 'gain' ? '0.25 to 0.5 kg' : '0.5 to 1 kg';
      return result(verdict, pace, {
        concern: `A safe, lasting pace is ${safeRange} a week${target.unit === 'lb' ? ' (1 to 2 lb)' : ''}.`,
        saferDeadline: saferDeadline(kg / safeRate),
        saferTarget: { ...target, value: nice((safeRate * weeks) / perKg, 1) },
      });
    }
    case 'time': {
      const km = target.distanceKm ?? 5;
      const secondsPerKm = target.value / km;
      const pace = `${formatClock(secondsPerKm)} per km`;
      if (secondsPerKm < 170) {
        return result('unrealistic', pace, {
          concern: `That is ${formatClock(secondsPerKm)} per km, faster than elite racing pace.`,
          saferTarget: { ...target, value: Math.round((km * 330) / 60) * 60 },
        });
      }
      if (weeks < 2 || secondsPerKm < 240) return result('stretch', pace);
      if (secondsPerKm < 330 || weeks < 6) return result('moderate', pace);
      return result('comfortable', pace);
    }
    case 'distance': {
      const km = target.unit === 'mi' ? target.value * 1.609 : target.value;
      // Beyond an ultra it is a running total ('run 200 km'), not one race to build up to.
      if (km > 60) return result('comfortable', null);
      const pace = `${Math.round(weeks)} weeks to build up to ${describeDistance(km)}`;
      if (weeks < km * 0.15) {
        const safeKm = Math.max(5, Math.floor(weeks / 0.35 / 5) * 5);
        return result('unrealistic', pace, {
          concern: `Building up to ${describeDistance(km)} safely usually takes ${Math.round(km * 0.4)} weeks or more.`,
          saferDeadline: saferDeadline(km * 0.45),
          saferTarget: { ...target, value: safeKm, unit: 'km' },
        });
      }
      if (weeks < km * 0.35) return result('stretch', pace);
      if (weeks < km * 0.6) return result('moderate', pace);
      return result('comfortable', pace);
    }
    case 'reps': {
      // The hero's starting point is unknown; only a very short build-up is flagged.
      const pace = `${Math.round(weeks)} weeks to build up to ${formatNumber(target.value)} ${target.unit} in a row`;
      if (weeks < 2 && target.value > 20) return result('stretch', pace);
      return result(target.value > 100 && weeks < 8 ? 'stretch' : 'comfortable', pace);
    }
    case 'level': {
      const hours = CEFR_HOURS[Math.min(Math.max(target.value, 1), 6) - 1]!;
      const perWeek = hours / weeks;
      const pace = `about ${formatNumber(perWeek, 0)} study hours a week`;
      const verdict = grade(perWeek, { comfortable: 5, moderate: 10, stretch: 20 });
      if (verdict !== 'unrealistic') return result(verdict, pace);
      return result(verdict, pace, {
        concern: `Reaching that level takes roughly ${hours} hours of study from scratch.`,
        saferDeadline: saferDeadline(hours / 10),
      });
    }
    case 'sessions': {
      // Giving something up or changing sleep and food is hard in ways a clock cannot show: ask.
      if (domain === 'wellness') return result('unknown', null);
      const sessionMinutes = measure?.type === 'habit' ? measure.minutes : null;
      const perWeek = measure?.type === 'habit' ? measure.perWeek : 7;
      const dailyMinutes = ((sessionMinutes ?? 20) * perWeek) / 7;
      const rhythm = perWeek === 7 ? 'every day' : `${formatNumber(perWeek)} sessions a week`;
      const pace = sessionMinutes ? `${formatNumber(sessionMinutes)} minutes ${rhythm}` : rhythm;
      if (dailyMinutes > 240)
        return result('unrealistic', pace, { concern: 'That is more than 4 hours every day.' });
      return result(dailyMinutes > 90 ? 'stretch' : 'comfortable', pace);
    }
    case 'money': {
      const perMonth = target.value / (days / 30.44);
      const pace =
        days >= 56
          ? `about ${formatMoney(Math.round(perMonth), target.unit)} a month`
          : `about ${formatMoney(Math.round(target.value / weeks), target.unit)} a week`;
      return result('unknown', pace);
    }
    case 'count': {
      const perWeek = target.value / weeks;
      const limits = rateLimits(domain, target.unit);
      const pace = perWeekPhrase(perWeek, target.unit);
      if (!limits) return result('unknown', pace);
      const verdict = grade(perWeek, limits);
      if (verdict !== 'unrealistic') return result(verdict, pace);
      return result(verdict, pace, {
        concern: `A sustainable pace is closer to ${perWeekPhrase(limits.moderate, target.unit).replace(/^about /, '')}.`,
        saferDeadline: saferDeadline(target.value / limits.moderate),
        saferTarget: { ...target, value: nice(limits.moderate * weeks) },
      });
    }
    default:
      return result('unknown', null);
  }
}

type Judge = (verdict: Verdict, pace: string | null, extra?: Partial<Feasibility>) => Feasibility;

/**
 * An amount kept every day or week. Cutting back is hard in ways no clock shows, so the coach asks; time
 * and steps have limits of their own; counts use the pace limits of their unit.
 */
function perPeriod(target: Target & { per?: string }, domain: DomainId | null, result: Judge): Feasibility {
  const pace = describeTarget(target);
  if (target.kind === 'money') return result('unknown', pace);
  if (target.bound === 'at-most') {
    const per = target.per ? ` a ${target.per}` : '';
    const cut =
      target.value === 0
        ? 'stopping completely'
        : target.from !== undefined
          ? `going from ${formatNumber(target.from)} to ${formatNumber(target.value)} ${target.unit}${per}`
          : `keeping to ${pace}`;
    return result('unknown', cut);
  }
  const perDay = target.value / PERIOD_DAYS[target.per ?? 'day'];
  const unit = target.unit.toLowerCase();
  if (/^(?:minutes|hours)$/.test(unit)) {
    const minutes = unit === 'hours' ? perDay * 60 : perDay;
    // Sleep and rest are hours of the day too, but not hours of effort.
    const resting = domain === 'wellness' || target.bound === 'at-least';
    if (minutes <= 240 || (resting && minutes <= 720))
      return result(minutes > 90 && unit !== 'hours' ? 'stretch' : 'comfortable', pace);
    return result('unrealistic', pace, {
      concern: 'That is more than 4 hours every day, on top of everything else.',
      saferTarget: { ...target, value: unit === 'hours' ? 1 : 60 },
    });
  }
  if (/\bsteps$/.test(unit)) {
    const verdict = grade(perDay, { comfortable: 10_000, moderate: 15_000, stretch: 30_000 });
    if (verdict !== 'unrealistic') return result(verdict, pace);
    return result(verdict, pace, {
      concern: 'Even very active people rarely keep above 30,000 steps a day.',
      saferTarget: { ...target, value: 12_000 },
    });
  }
  if (target.kind === 'sessions' && perDay > 4) return result('stretch', pace);
  const limits = rateLimits(domain, target.unit);
  return result(limits ? grade(perDay * 7, limits) : 'comfortable', pace);
}

/** Difficulty of a plan follows how hard the pace is; an unknown pace is treated as medium. */
export function difficultyOf(verdict: Verdict): Difficulty {
  if (verdict === 'comfortable') return 'easy';
  if (verdict === 'stretch' || verdict === 'unrealistic') return 'hard';
  return 'medium';
}

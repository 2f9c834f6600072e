// The daily XP ceiling: a hero earns at most DAILY_XP_CEILING XP from quests per UTC day.
//
// Why: a quest's XP is bounded (proto GOAL_XP_MAX), but quests can be created, completed and deleted
// at will, and deleting one keeps the XP it earned (the ledger is history). Without a ceiling a hero
// could farm XP as fast as they can click. 1,500 lets an honest hero finish the largest quest the
// Pathfinder proposes (a hard one: 800 XP plus early bonuses of 80 per milestone) in one day with room
// to spare, and bounds farming to 1,500 XP a day (lifeLevel 6 from nothing).
//
// The rule:
// - The day is the UTC day the event happened (its envelope's occurredAt), not the day auth consumed
//   it, so a broker outage or a redelivery does not move XP to another day. Ledger lines are dated by
//   that time (created_at) for this reason.
// - What counts is the day's net change: everything the hero's lines dated that day add up to. A
//   reopening gives its room back, so toggling a milestone back and forth costs nothing.
// - A completion worth more than the room left is granted only the room; its line records what was
//   actually granted, so its reopening (which settles the lines back to zero) takes back exactly that.
//   XP above the ceiling is not banked for later.
// - Takebacks are never capped.
/** XP a hero may gain from quests in one UTC day (milestones, completion and plan bonuses together). */
export const DAILY_XP_CEILING = 1_500;

/** The room left in one hero's day; grant() hands it out line by line. */
export interface DayRoom {
  /** The part of `amount` the day still has room for (all of a takeback), counted as used. */
  grant(amount: number): number;
}

/** The room of a day whose ledger lines (dated that UTC day) add up to `net` so far. */
export function dayRoom(net: number): DayRoom {
  let used = net;
  return {
    grant(amount) {
      const granted = amount > 0 ? Math.min(amount, Math.max(0, DAILY_XP_CEILING - used)) : amount;
      used += granted;
      return granted;
    },
  };
}

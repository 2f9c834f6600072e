import { AppError } from '@lifequest/platform';
import type { Challenge, ChallengeClass } from '@lifequest/proto';
import type { SocialDb, SocialEvents, SocialTx } from '../db.ts';
import { recordActivity } from '../feed/activities.ts';
import type { ChallengeParticipant, Challenge as ChallengeRow } from '../generated/prisma/client.ts';
import { catalogueAt } from './catalogue.ts';

/** With active=false, challenges that ended in the last 30 days are listed too. */
const RECENTLY_ENDED_MS = 30 * 24 * 60 * 60 * 1000;

export class ChallengeService {
  readonly #db: SocialDb;
  readonly #events: SocialEvents;
  readonly #now: () => Date;

  constructor(db: SocialDb, events: SocialEvents, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#events = events;
    this.#now = now;
  }

  /** Creates the current window's challenge of every class that has none active. */
  async ensureCatalogue(): Promise<void> {
    const now = this.#now();
    const active = await this.#db.challenge.findMany({
      where: { startsAt: { lte: now }, endsAt: { gt: now } },
      select: { className: true },
    });
    const have = new Set(active.map((c) => c.className));
    const missing = catalogueAt(now).filter((c) => !have.has(c.className));
    if (missing.length > 0) await this.#db.challenge.createMany({ data: missing, skipDuplicates: true });
  }

  /** Active challenges (and, with `activeOnly` false, those ended lately), soonest ending first. */
  async list(userId: string, activeOnly: boolean): Promise<Challenge[]> {
    await this.ensureCatalogue();
    const now = this.#now();
    const challenges = await this.#db.challenge.findMany({
      where: {
        startsAt: { lte: now },
        endsAt: { gt: activeOnly ? now : new Date(now.getTime() - RECENTLY_ENDED_MS) },
      },
      orderBy: [{ endsAt: 'asc' }, { className: 'asc' }],
      take: 100,
    });
    const mine = await this.#db.challengeParticipant.findMany({
      where: { userId, challengeId: { in: challenges.map((c) => c.id) } },
    });
    const byChallenge = new Map(mine.map((p) => [p.challengeId, p]));
    return Promise.all(challenges.map((c) => this.#view(this.#db, c, byChallenge.get(c.id))));
  }

  /**
   * Joins an active challenge. Joining again is harmless: nothing changes and nothing is announced.
   * The first join announces challenge.joined and adds a challenge_joined activity.
   */
  async join(userId: string, challengeId: string): Promise<Challenge> {
    const now = this.#now();
    return this.#events.transaction(async (tx, emit) => {
      const challenge = await tx.challenge.findUnique({ where: { id: challengeId } });
      if (!challenge || challenge.startsAt > now || challenge.endsAt <= now) {
        throw new AppError('CHALLENGE_NOT_FOUND', 'No such active challenge.');
      }
      const joined = await tx.challengeParticipant.createMany({
        data: [{ challengeId, userId, joinedAt: now, progressAt: now }],
        skipDuplicates: true,
      });
      let current = challenge;
      if (joined.count > 0) {
        current = await tx.challenge.update({
          where: { id: challengeId },
          data: { participantCount: { increment: 1 } },
        });
        await emit('challenge.joined', { userId, challengeId, challengeTitle: challenge.title }, userId);
        await recordActivity(tx, {
          userId,
          type: 'challenge_joined',
          title: 'Challenge Accepted',
          description: `Joined the challenge “${challenge.title}”`,
          sourceKey: `challenge:${challengeId}`,
          createdAt: now,
        });
      }
      const participant = await tx.challengeParticipant.findUniqueOrThrow({
        where: { challengeId_userId: { challengeId, userId } },
      });
      return this.#view(tx, current, participant);
    });
  }

  async #view(
    db: SocialDb | SocialTx,
    challenge: ChallengeRow,
    participant: ChallengeParticipant | undefined,
  ): Promise<Challenge> {
    return {
      id: challenge.id,
      title: challenge.title,
      description: challenge.description,
      className: challenge.className as ChallengeClass,
      endDate: challenge.endsAt.toISOString(),
      participantCount: challenge.participantCount,
      isParticipating: participant !== undefined,
      targetValue: challenge.targetValue,
      userProgress: participant?.progress ?? null,
      userRank: participant ? await standing(db, participant) : null,
    };
  }
}

/**
 * A participant's rank: one more than those ahead, i.e. with more progress, or the same progress reached
 * earlier, leaving out heroes blocked either way (neither is in the other's ranking). A count over the
 * (challenge_id, progress desc, progress_at) index.
 */
async function standing(db: SocialDb | SocialTx, p: ChallengeParticipant): Promise<number> {
  const [row] = await db.$queryRaw<{ ahead: bigint }[]>`
    select count(*) as ahead from "social"."challenge_participants" o
    where o.challenge_id = ${p.challengeId}::uuid
      and (o.progress > ${p.progress} or (o.progress = ${p.progress} and o.progress_at < ${p.progressAt}::timestamptz))
      and not exists (select 1 from "social"."blocks" b
                       where b.user_id = ${p.userId}::uuid and b.blocked_id = o.user_id)
      and not exists (select 1 from "social"."blocks" b
                       where b.user_id = o.user_id and b.blocked_id = ${p.userId}::uuid)`;
  return Number(row?.ahead ?? 0) + 1;
}

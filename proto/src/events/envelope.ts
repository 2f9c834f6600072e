import { z } from 'zod';
import { EVENT_SCHEMAS, type EventName, type EventPayloads, isEventName } from './catalogue.ts';

/** The only envelope version so far; a breaking payload change gets a new version, never a silent edit. */
export const EVENT_VERSION = 1;

const Envelope = z.object({
  id: z.uuid(),
  name: z.string().refine(isEventName, { error: (issue) => `unknown event name '${String(issue.input)}'` }),
  version: z.literal(EVENT_VERSION, { error: `version must be ${EVENT_VERSION}` }),
  occurredAt: z.iso.datetime({ offset: true }),
  /** Who caused the event: a hero's id, or null for the system (a job, a consumer's own reaction). */
  actorId: z.string().min(1).nullable(),
  payload: z.unknown(),
});

/** `{ id, name, version, occurredAt, actorId, payload }`; without a type argument, a union over every event. */
export type EventEnvelope<N extends EventName = EventName> = {
  [K in N]: {
    id: string;
    name: K;
    version: typeof EVENT_VERSION;
    occurredAt: string;
    actorId: string | null;
    payload: EventPayloads[K];
  };
}[N];

/** An event that does not match the catalogue: publishing or consuming one is an error, never a silent drop. */
export class EventValidationError extends Error {
  readonly eventName: string | undefined;
  readonly eventId: string | undefined;
  readonly issues: string[];

  constructor(eventName: string | undefined, eventId: string | undefined, issues: string[]) {
    const what = eventName ? `event '${eventName}'` : 'event';
    super(`Invalid ${what}${eventId ? ` (id ${eventId})` : ''}: ${issues.join('; ')}`);
    this.name = 'EventValidationError';
    this.eventName = eventName;
    this.eventId = eventId;
    this.issues = issues;
  }
}

function describeIssues(error: z.ZodError, prefix: string): string[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

/** Validates the envelope, then its payload against the schema of its name. Throws EventValidationError. */
export function parseEnvelope(value: unknown): EventEnvelope {
  const envelope = Envelope.safeParse(value);
  if (!envelope.success) {
    const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    throw new EventValidationError(
      typeof raw.name === 'string' ? raw.name : undefined,
      typeof raw.id === 'string' ? raw.id : undefined,
      describeIssues(envelope.error, ''),
    );
  }
  const { name } = envelope.data as { name: EventName };
  const payload = EVENT_SCHEMAS[name].safeParse(envelope.data.payload);
  if (!payload.success) {
    throw new EventValidationError(name, envelope.data.id, describeIssues(payload.error, 'payload'));
  }
  return { ...envelope.data, name, payload: payload.data } as EventEnvelope;
}

/** Validates a payload for `name`, or throws EventValidationError naming every bad field. */
export function parseEventPayload<N extends EventName>(name: N, payload: unknown): EventPayloads[N] {
  if (!isEventName(name)) throw new EventValidationError(String(name), undefined, [`unknown event name`]);
  const parsed = EVENT_SCHEMAS[name].safeParse(payload);
  if (!parsed.success)
    throw new EventValidationError(name, undefined, describeIssues(parsed.error, 'payload'));
  return parsed.data as EventPayloads[N];
}

/** A new envelope: fresh uuid, current version, ISO occurredAt, payload validated. */
export function createEnvelope<N extends EventName>(
  name: N,
  payload: EventPayloads[N],
  actorId: string | null,
  occurredAt: Date = new Date(),
): EventEnvelope<N> {
  return {
    id: crypto.randomUUID(),
    name,
    version: EVENT_VERSION,
    occurredAt: occurredAt.toISOString(),
    actorId,
    payload: parseEventPayload(name, payload),
  } as EventEnvelope<N>;
}

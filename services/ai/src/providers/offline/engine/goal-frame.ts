import { correctWithin } from './correction.ts';
import { type GoalFrame, readFrame } from './frame.ts';
import { normalise } from './intent.ts';
import { readMeasure } from './measure.ts';
import { type Deadline, readDeadline } from './readers/deadline.ts';
import type { Measure } from './target.ts';

/**
 * One message as a whole goal frame: the hero's action and the things it names (frame.ts, read by the
 * language library), how much and at what rate (the project's measure readers), by when (the deadline
 * reader), all read from the message with its own corrections applied.
 */
export type MessageFrame = GoalFrame & {
  /** The message as read: its corrections applied ('in three months, actually make it two' -> 'in two months'). */
  text: string;
  corrected: boolean;
  /** Quantity, unit and rate, when the message states them. */
  measure: Measure | null;
  deadline: Deadline | null;
};

export function readMessageFrame(message: string, today: Date): MessageFrame {
  const plain = normalise(message);
  const text = correctWithin(plain, today);
  const deadline = readDeadline(text, today);
  const measure = readMeasure(deadline ? text.replace(deadline.phrase, ' ') : text, null);
  return { ...readFrame(text), text, corrected: text !== plain, measure, deadline };
}

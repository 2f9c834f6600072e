import { readDistance } from './distance.ts';
import { round, type Target } from './quantity.ts';

// A time to beat over a distance: 'run 5k under 30 minutes', 'a marathon in under 4 hours', 'sub-25
// 5k', '10k in 55:00', 'row 5,000 metres in under 20 minutes'. The target is unit 'min:s' in seconds.

function clockSeconds(text: string, distanceKm: number): number | null {
  const clock =
    /\b(?:under|below|sub-?|less than|faster than|in|within|at|down to|time of)\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\b/.exec(
      text,
    );
  if (!clock) return null;
  if (clock[3]) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  // '3:45' is hours and minutes for a long race, minutes and seconds for a short one.
  const long = distanceKm > 21;
  return Number(clock[1]) * (long ? 3600 : 60) + Number(clock[2]) * (long ? 60 : 1);
}

function spokenSeconds(text: string): number | null {
  const spoken =
    /\b(?:under|below|sub-?|less than|faster than|in|within|down to|time of|pb of|pr of)\s*(?:an?\s+)?(\d+(?:\.\d+)?|an?)\s*(minutes?|mins?|m|hours?|hrs?|h|hour)\b(?:\s*(?:and\s*)?(\d+)\s*(?:minutes?|mins?|m)\b)?/.exec(
      text,
    );
  if (!spoken) return null;
  const amount = spoken[1] === 'a' || spoken[1] === 'an' ? 1 : Number(spoken[1]);
  const isHours = /^h/.test(spoken[2]!);
  return amount * (isHours ? 3600 : 60) + (spoken[3] ? Number(spoken[3]) * 60 : 0);
}

function sub(text: string): number | null {
  const bare = /\bsub-?\s*(\d+(?:\.\d+)?)\b(?!\s*(?:k|km|mi))/.exec(text);
  if (!bare) return null;
  const amount = Number(bare[1]);
  return amount <= 6 ? amount * 3600 : amount * 60;
}

function adjective(text: string): number | null {
  const m = /\b(\d+)[- ]minute\s+(?:\d+(?:\.\d+)?\s*k|marathon|half|mile)/.exec(text);
  return m ? Number(m[1]) * 60 : null;
}

/** `text` in lower case. */
export function readRunningTime(text: string): Target | null {
  const distance = readDistance(text);
  if (!distance) return null;
  const seconds = clockSeconds(text, distance.km) ?? spokenSeconds(text) ?? sub(text) ?? adjective(text);
  if (seconds === null || seconds <= 0) return null;
  return { value: Math.round(seconds), unit: 'min:s', kind: 'time', distanceKm: round(distance.km, 2) };
}

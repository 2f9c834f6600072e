import type { Foundation } from '@lifequest/proto';

export interface FoundationTheme {
  /** Hex for SVG and charts, where utility classes do not reach. */
  hex: string;
  text: string;
  badge: string;
  bar: string;
  border: string;
}

/** One colour per foundation, used on every screen so a foundation is recognisable at a glance. */
export const foundationTheme: Record<Foundation, FoundationTheme> = {
  Finance: {
    hex: '#34d399',
    text: 'text-finance',
    badge: 'border-finance/50 bg-finance/10 text-finance',
    bar: 'bg-finance',
    border: 'border-finance/40',
  },
  Health: {
    hex: '#fb7185',
    text: 'text-health',
    badge: 'border-health/50 bg-health/10 text-health',
    bar: 'bg-health',
    border: 'border-health/40',
  },
  Intelligence: {
    hex: '#38bdf8',
    text: 'text-intelligence',
    badge: 'border-intelligence/50 bg-intelligence/10 text-intelligence',
    bar: 'bg-intelligence',
    border: 'border-intelligence/40',
  },
  Spirit: {
    hex: '#c4b5fd',
    text: 'text-spirit',
    badge: 'border-spirit/50 bg-spirit/10 text-spirit',
    bar: 'bg-spirit',
    border: 'border-spirit/40',
  },
};

import { Award, type LucideIcon, Medal, Trophy } from 'lucide-react';

export type RankTier = 'gold' | 'silver' | 'bronze';

export interface RankStyle {
  /** Ranks 1, 2 and 3 are gold, silver and bronze (docs/product.md#fellowship-hall); anything else has none. */
  tier: RankTier | null;
  icon: LucideIcon | null;
  /** Classes of the rank badge. */
  badge: string;
  /** Classes of the whole row. */
  row: string;
}

const PODIUM: Record<number, RankStyle> = {
  1: {
    tier: 'gold',
    icon: Trophy,
    badge: 'border-yellow-300 bg-yellow-400/20 text-yellow-300',
    row: 'border-yellow-300/60 bg-yellow-400/5',
  },
  2: {
    tier: 'silver',
    icon: Medal,
    badge: 'border-slate-200 bg-slate-300/20 text-slate-200',
    row: 'border-slate-300/50 bg-slate-300/5',
  },
  3: {
    tier: 'bronze',
    icon: Award,
    badge: 'border-orange-400 bg-orange-500/20 text-orange-300',
    row: 'border-orange-400/50 bg-orange-500/5',
  },
};

const PLAIN: RankStyle = {
  tier: null,
  icon: null,
  badge: 'border-edge bg-night text-muted',
  row: 'border-edge bg-night/40',
};

export function rankStyle(rank: number): RankStyle {
  return PODIUM[rank] ?? PLAIN;
}

import type { Foundation } from '@lifequest/proto';
import { Brain, Coins, HeartPulse, type LucideIcon, Sparkles } from 'lucide-react';

export const foundationIcons: Record<Foundation, LucideIcon> = {
  Finance: Coins,
  Health: HeartPulse,
  Intelligence: Brain,
  Spirit: Sparkles,
};

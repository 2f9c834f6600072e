import { Compass } from 'lucide-react';
import { ComingSoon } from './ComingSoon.tsx';

export default function PathfinderPage() {
  return (
    <ComingSoon
      title="The Pathfinder"
      icon={Compass}
      text="The Pathfinder's study is being furnished. Coaching, progress logging and plans will live here soon."
    />
  );
}

import { ScrollText } from 'lucide-react';
import { ComingSoon } from './ComingSoon.tsx';

export default function StoriesPage() {
  return (
    <ComingSoon
      title="Achievement Stories"
      icon={ScrollText}
      text="The bards are tuning their lutes. Your heroic chronicles will be told here soon."
    />
  );
}

import { Users } from 'lucide-react';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export default function SocialPage() {
  return (
    <ComingSoon
      title="Fellowship Hall"
      icon={Users}
      text="The hall is being prepared. Soon you will share victories, climb the rankings and quest with friends here."
    />
  );
}

import { Shield } from 'lucide-react';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export default function AdminPage() {
  return (
    <ComingSoon
      title="Admin Panel"
      icon={Shield}
      text="Admin Only. Users, token usage and costs will be shown here soon."
    />
  );
}

import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { DataTransferCard } from './DataTransferCard.tsx';
import { DeleteAccountCard } from './DeleteAccountCard.tsx';
import { XpHistoryCard } from './XpHistoryCard.tsx';

/** The hero's own data on the profile (docs/features/data-ownership.md): their XP history, their account. */
export function DataOwnershipSection() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className="grid gap-6">
      <XpHistoryCard totalXP={user.totalXP} />
      <DataTransferCard />
      <DeleteAccountCard />
    </div>
  );
}

import { DeleteAccountCard } from './DeleteAccountCard.tsx';

/** The hero's own data on the profile (docs/features/data-ownership.md): their XP history, their account. */
export function DataOwnershipSection() {
  return (
    <div className="grid gap-6">
      <DeleteAccountCard />
    </div>
  );
}

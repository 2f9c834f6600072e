export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-muted">
      <span
        aria-hidden
        className="size-10 animate-spin rounded-full border-4 border-gold/20 border-t-gold motion-reduce:animate-none"
      />
      <span>{label}</span>
    </div>
  );
}

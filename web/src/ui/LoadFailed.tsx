/** What a screen shows in place of data it could not load: the error's own words (docs/product.md#errors). */
export function LoadFailed({ error }: { error: Error }) {
  return (
    <p role="alert" className="py-10 text-center text-red-300">
      {error.message}
    </p>
  );
}

import { Tabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A row of tabs (Radix: arrow keys move between them); on a narrow phone they wrap, so none is hidden. */
export function TabsList({ className = '', ...props }: ComponentProps<typeof Tabs.List>) {
  return (
    <Tabs.List
      className={`flex w-fit max-w-full flex-wrap gap-1 rounded-lg border border-edge bg-night/60 p-1 ${className}`}
      {...props}
    />
  );
}

export function TabsTrigger({ className = '', ...props }: ComponentProps<typeof Tabs.Trigger>) {
  return (
    <Tabs.Trigger
      className={`inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-md px-3 py-2 font-medium text-muted text-sm transition-colors hover:text-parchment data-[state=active]:bg-gold data-[state=active]:text-night ${className}`}
      {...props}
    />
  );
}

/**
 * The open tab, kept in the URL (`?tab=`) so a tab can be linked to and survives a reload; the default
 * tab leaves the URL clean. An unknown value reads as the default.
 */
export function useTabParam<T extends string>(
  values: readonly T[],
  fallback: T,
): [T, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = values.find((value) => value === requested) ?? fallback;
  const select = (value: string) => setParams(value === fallback ? {} : { tab: value }, { replace: true });
  return [tab, select];
}

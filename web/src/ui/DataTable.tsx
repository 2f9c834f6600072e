import type { ReactNode } from 'react';

export interface Column<T> {
  /** The header; an empty one is read out as `srHead`. */
  head: string;
  srHead?: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /**
   * Free text of any length (a name, an e-mail): it wraps, inside a word when it must, and takes the
   * room the other columns leave. Every other column keeps to one line.
   */
  wrap?: boolean;
}

const th =
  'sticky top-0 whitespace-nowrap border-edge border-b bg-night px-3 py-2 font-semibold text-muted text-xs uppercase tracking-wider';
const td = 'border-edge/60 border-b px-3 py-2 align-middle';
const nowrap = 'whitespace-nowrap';
// A floor, so a phone scrolls the table sideways rather than squeezing the text to a word a line.
const wrapping = 'min-w-40 wrap-anywhere';

// Below 640 px (stackOnPhone) each row is a card of its own: the cells two a line, each under its
// column's name (free text and the action column take a whole line), so a row's last column (an action)
// needs no sideways scroll.
const stackedTable = 'max-sm:block';
const stackedHead = 'max-sm:sr-only';
const stackedBody = 'max-sm:grid max-sm:gap-3 max-sm:p-3';
const stackedRow =
  'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:rounded-lg max-sm:border max-sm:border-edge max-sm:p-3';
// The column's name is the cell's ::before (its data-label), not text of its own: a row reads the same
// (textContent, what a screen reader and a test see) on a phone as on a desktop.
const stackedCell =
  'max-sm:block max-sm:border-0 max-sm:p-0 max-sm:whitespace-normal max-sm:min-w-0 max-sm:before:block max-sm:before:text-muted max-sm:before:text-xs max-sm:before:uppercase max-sm:before:content-[attr(data-label)]';

/**
 * A table that fits its card where the card is wide enough for its one-line columns (free text wraps
 * to make room, see `Column.wrap`), and scrolls sideways inside it on a phone instead of pushing the
 * page wider. The box is a labelled, focusable region so the keyboard can scroll it too (axe:
 * scrollable-region-focusable).
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  maxHeight,
  stackOnPhone = false,
}: {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  rowProps?: (row: T) => Record<string, string>;
  /** CSS max height: a long table scrolls inside its box, under a header that stays. */
  maxHeight?: string;
  /** Below 640 px, a card per row instead of a sideways scroll (for a row a hero acts on). */
  stackOnPhone?: boolean;
}) {
  const stack = (classes: string) => (stackOnPhone ? ` ${classes}` : '');
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      // Positioned, so screen-reader-only text inside is clipped with the rest instead of widening the page.
      className="relative overflow-auto rounded-lg border border-edge"
      style={maxHeight ? { maxHeight } : undefined}
    >
      <table className={`w-full border-collapse text-left text-sm${stack(stackedTable)}`}>
        <thead className={stack(stackedHead).trim() || undefined}>
          <tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
              <th key={index} scope="col" className={th}>
                {column.head || <span className="sr-only">{column.srHead}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={stack(stackedBody).trim() || undefined}>
          {rows.map((row, index) => (
            <tr
              key={rowKey(row, index)}
              className={stack(stackedRow).trim() || undefined}
              {...rowProps?.(row)}
            >
              {columns.map((column, columnIndex) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                  key={columnIndex}
                  data-label={stackOnPhone ? column.head || column.srHead : undefined}
                  className={`${td} ${column.wrap ? wrapping : nowrap} ${column.className ?? ''}${stack(stackedCell)}${column.wrap || !column.head ? stack('max-sm:col-span-2') : ''}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

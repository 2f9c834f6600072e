import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './DataTable.tsx';

const rows = [{ id: 'a', name: 'Borin', xp: 50 }];
const columns = [
  { head: 'Hero', cell: (row: (typeof rows)[number]) => row.name },
  { head: 'XP', cell: (row: (typeof rows)[number]) => String(row.xp) },
  { head: '', srHead: 'Actions', cell: () => <button type="button">Delete</button> },
];

describe('DataTable', () => {
  it('on a phone, stacks each row as a card whose cells name their column (stackOnPhone)', () => {
    render(<DataTable label="Heroes" rows={rows} rowKey={(row) => row.id} columns={columns} stackOnPhone />);
    const table = within(screen.getByRole('region', { name: 'Heroes' })).getByRole('table');
    expect(table.className).toContain('max-sm:block');
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((cell) => cell.dataset.label)).toEqual(['Hero', 'XP', 'Actions']);
    // The name is drawn by CSS, not text of the cell: the row reads the same as on a desktop.
    expect(cells.map((cell) => cell.textContent)).toEqual(['Borin', '50', 'Delete']);
    expect(within(cells[2]!).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('otherwise scrolls sideways as one table, no column names in the cells', () => {
    render(<DataTable label="Heroes" rows={rows} rowKey={(row) => row.id} columns={columns} />);
    const table = screen.getByRole('table');
    expect(table.className).not.toContain('max-sm:block');
    for (const cell of within(table).getAllByRole('cell'))
      expect(cell.querySelector('[aria-hidden]')).toBeNull();
  });
});

import type { ReactNode } from 'react';

export interface DataTableProps {
  /** The column headings, in order. */
  columns: ReactNode[];
  /** Read to screen readers only. */
  caption?: ReactNode;
  /** On a phone each row becomes a block of lines, labelled by every cell's data-label. */
  stacked?: boolean;
  className?: string;
  /** The rows. */
  children: ReactNode;
}

/** A table of records (app/globals.css .data-table): a heading row of muted upper-case column names, then the rows. */
export function DataTable({ columns, caption, stacked = false, className, children }: DataTableProps) {
  const classes = ['data-table', stacked && 'stacked', className].filter(Boolean).join(' ');
  return (
    <table className={classes}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

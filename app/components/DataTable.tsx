import type { ReactNode } from "react";

/**
 * The dashboard's tables: a scrolling wrapper, one header row, and an empty state instead of
 * a table when there is nothing to list. A column given as `{ hidden }` keeps its header for
 * screen readers only (e.g. a row's actions).
 */
export function DataTable<T>({
  columns,
  rows,
  empty,
  children,
}: {
  columns: Array<string | { hidden: string }>;
  rows: T[];
  empty: ReactNode;
  children: (row: T) => ReactNode;
}) {
  if (rows.length === 0) return <p className="empty">{empty}</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th key={column} scope="col">{column}</th>
              ) : (
                <th key={column.hidden} scope="col"><span className="sr-only">{column.hidden}</span></th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{rows.map(children)}</tbody>
      </table>
    </div>
  );
}

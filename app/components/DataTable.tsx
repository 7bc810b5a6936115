import { useEffect, useRef, type ReactNode } from "react";

/**
 * The dashboard's tables: one header row, and an empty state instead of a table when there
 * is nothing to list. A column given as `{ hidden }` keeps its header for screen readers only
 * (e.g. a row's actions).
 *
 * On narrow screens tables.css lays every row out as a card (no sideways scrolling, actions
 * in reach); each cell then shows its column's name from `data-label`, which this component
 * copies from the header onto every cell once the rows are in the page, so row components
 * need not repeat the column names.
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
  const table = useRef<HTMLTableElement>(null);
  useEffect(() => {
    const element = table.current;
    if (!element) return;
    const labels = columns.map((column) => (typeof column === "string" ? column : ""));
    const label = () => {
      for (const row of Array.from(element.tBodies[0]?.rows ?? [])) {
        Array.from(row.cells).forEach((cell, index) => {
          const text = labels[index];
          // The first cell is the card's title, and hidden columns (actions) need no caption.
          if (text && index > 0) cell.dataset.label = text;
        });
      }
    };
    label();
    // Rows render themselves (their own fetchers): label the ones that appear later too.
    const observer = new MutationObserver(label);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [columns]);
  if (rows.length === 0) return <div className="empty">{empty}</div>;
  return (
    <div className="table-wrap">
      <table className="table" ref={table}>
        <thead>
          <tr>
            {columns.map((column, index) =>
              typeof column === "string" ? (
                <th key={column || index} scope="col">{column}</th>
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

// On a phone a wide table reads as stacked rows: each cell on its own line under its column's name
// (styles.css, "Tables on a phone"). The names come from the table's own header row, copied onto each
// cell as data-label, for every `.table` the page shows now or later — one mechanism for every table.

const HEADER_CELLS = ':scope > thead > tr > th, :scope > thead > tr > td';

/** The text a column's header reads (its visually hidden text too), or '' for a blank header. */
const headerText = (cell: Element) => (cell.textContent ?? '').replace(/[▲▼]/g, '').trim();

/** Copies each column's header text onto the table's body cells that do not have it yet. */
function labelTableCells(table: HTMLTableElement): void {
  const headers = Array.from(table.querySelectorAll(HEADER_CELLS)).map(headerText);
  if (headers.length === 0) return;
  for (const body of Array.from(table.tBodies))
    for (const row of Array.from(body.rows)) {
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        // A cell across several columns (an empty table's message) stands for no one column.
        const label = cell.colSpan > 1 ? '' : (headers[column] ?? '');
        if (label && cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
        column += cell.colSpan || 1;
      }
    }
}

/** Labels every `.table` in the document, now and whenever rows are added or replaced. */
export function labelTablesAsTheyChange(root: HTMLElement = document.body): () => void {
  let scheduled = false;
  const labelAll = () => {
    scheduled = false;
    for (const table of Array.from(root.querySelectorAll<HTMLTableElement>('table.table')))
      labelTableCells(table);
  };
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(labelAll);
  });
  observer.observe(root, { childList: true, subtree: true });
  labelAll();
  return () => observer.disconnect();
}

/*
 * TableGrid — the 2-D table around the access (the engine's cells under the
 * Atropos layout, each naming the disk that holds it), where a record (a
 * row) or a column is picked: the pick becomes the page's access, which the
 * stage then plays.
 */
import type { AccessResult } from './protocol';
import { columnColour } from './columnColour';

interface Props {
  result: AccessResult;
  columns: number;
  onRow(row: number): void;
  onColumn(column: number): void;
}

export function TableGrid({ result, columns, onRow, onColumn }: Props) {
  const column = result.params.access === 'column';
  return (
    <table className="at-grid" data-testid="grid">
      <thead><tr><th></th>{Array.from({ length: columns }, (_, c) => (
        <th key={c}><button type="button" data-testid={`grid-col-${c}`} style={{ borderColor: columnColour(c) }} aria-pressed={column && result.column === c}
          title={`Scan column A${c} over records ${result.row}… (a whole track row on every disk under Atropos)`} onClick={() => onColumn(c)}>A{c}</button></th>
      ))}</tr></thead>
      <tbody>
        {result.grid.map((cells, i) => {
          const r = result.gridFirst + i;
          const rowSel = !column && r === result.row;
          return (
            <tr key={r}>
              <th><button type="button" data-testid={`grid-row-${r}`} aria-pressed={rowSel} title={`Fetch record ${r}`} onClick={() => onRow(r)}>{r}</button></th>
              {cells.map((c, j) => {
                const sel = rowSel || (column && j === result.column && r >= result.row && r < result.row + result.scan);
                // A tint of the column's colour behind dark text (readable on every colour of the set).
                return <td key={j} className={sel ? 'sel' : ''} style={{ background: sel ? `color-mix(in srgb, ${columnColour(j)} 70%, #fff)` : `${columnColour(j)}40` }}
                  title={`record ${r}, column ${j}: volume block ${c.vlbn}, disk ${c.disk}`}>d{c.disk}</td>;
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

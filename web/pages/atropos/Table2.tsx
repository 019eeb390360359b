/*
 * Table2 — the Table-2 analogue (table2.ts): one row per disk preset, every
 * figure the engine's. A preset's name is a button that opens it on the page.
 */
import type { Table2Row } from './protocol';

const kb = (sectors: number, bytes: number) => ((sectors * bytes) / 1024).toFixed(sectors * bytes < 10240 ? 1 : 0);

export function Table2({ rows, names, current, onPick, done }: { rows: Table2Row[]; names: Record<string, string>; current: string; onPick: (id: string) => void; done: boolean }) {
  const depths = rows.find((r) => !r.error)?.depths.map((x) => x.d) ?? [2, 3, 4];
  return (
    <div className="at-scroll">
      <table className="at-compare at-table2" data-testid="table2" data-rows={rows.length} data-done={String(done)}>
        <thead>
          <tr><th>preset</th><th>RPM</th><th>N</th><th>H</th><th>H<sub>eff</sub></th><th>switch</th><th>extracted: H, switch</th><th>N/H</th><th>D (b = 1)</th>
            {depths.map((d) => <th key={d}>d = {d}: b<sub>max</sub> (linear) · exact, S</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid={`t2-${r.id}`} className={r.id === current ? 'shown' : ''}>
              <th><button type="button" className="linklike" onClick={() => onPick(r.id)} aria-pressed={r.id === current}>{names[r.id] ?? r.id}</button></th>
              {r.error
                ? <td colSpan={8 + depths.length} className="bad">{r.error}</td>
                : <>
                  <td>{r.rpm.toFixed(0)}</td><td>{r.N}</td><td>{r.H}</td><td>{r.HEff}</td><td>{r.switchSectors.toFixed(1)}</td>
                  <td data-testid={`t2-${r.id}-extracted`} data-skew={r.extracted?.skewSectors} data-ms={r.extracted?.headSwitchMs}>
                    {r.extracted ? `${r.extracted.skewSectors}, ${r.extracted.switchSectors.toFixed(1)} (${r.extracted.headSwitchMs.toFixed(3)} ms)` : '—'}</td>
                  <td>{(r.N / r.H).toFixed(1)}</td><td>{r.D} ({r.DLinear})</td>
                  {r.depths.map((x) => (
                    <td key={x.d} data-testid={`t2-${r.id}-d${x.d}`} data-bexact={x.bExact}>
                      {x.bMax > 0 ? x.bMax : '—'} ({x.bMaxLinear > 0 ? x.bMaxLinear : '—'}) · {x.bExact > 0 ? `${x.bExact}, ${kb(x.d * x.bExact, r.sectorBytes)} KB` : '—'}
                    </td>
                  ))}
                </>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

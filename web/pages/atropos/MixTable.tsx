/*
 * MixTable — the TPC-H-like queries (mixes.ts): one row per query, one
 * column per table layout, the engine's mean query time (and the requests it
 * became); the fastest layout of each query in bold.
 */
import type { Layout, MixQuery, MixRow } from './protocol';

export const MIX_LABEL: Record<MixQuery, string> = {
  scan: 'scan a quarter of the columns (Q6-like)', full: 'scan every column', records: '50 random records (OLTP-like)',
  range: 'a range of records (one stripe)', mix: 'scan + 50 random records (Q14-like)',
};

export function MixTable({ rows, layouts, names }: { rows: MixRow[]; layouts: readonly Layout[]; names: Record<Layout, string> }) {
  const queries = [...new Set(rows.map((r) => r.query))];
  return (
    <div className="at-scroll">
      <table className="at-compare" data-testid="mixes" data-rows={rows.length}>
        <thead><tr><th>query</th>{layouts.map((l) => <th key={l}>{names[l]} (ms)</th>)}</tr></thead>
        <tbody>
          {queries.map((q) => {
            const of = rows.filter((r) => r.query === q);
            const best = Math.min(...of.map((r) => r.ms));
            return (
              <tr key={q}>
                <th>{MIX_LABEL[q]}</th>
                {layouts.map((l) => {
                  const r = of.find((x) => x.layout === l);
                  return (
                    <td key={l} data-testid={`mix-${q}-${l}`} data-value={r?.ms} style={{ fontWeight: r && r.ms === best ? 700 : 400 }}
                      title={r ? `${r.requests} logical requests → ${r.deviceRequests} device requests` : ''}>
                      {r ? r.ms.toFixed(1) : '…'}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/*
 * trace.ts — a parsed trace (or a window of it) as the requests the NVCache
 * page replays instead of its workload: copies of the columns the run needs,
 * so the page keeps its own while each call transfers one.
 */
import type { TraceColumns } from '../../trace/types';
import type { TraceRequests } from './protocol';

export function traceRequests(name: string, t: Pick<TraceColumns, 'arrivalMs' | 'lbn' | 'sectors' | 'isWrite' | 'line'>): TraceRequests {
  return { name, arrivalMs: t.arrivalMs.slice(), lbn: t.lbn.slice(), sectors: t.sectors.slice(), isWrite: t.isWrite.slice(), line: t.line.slice() };
}

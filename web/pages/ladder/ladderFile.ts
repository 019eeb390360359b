/*
 * ladderFile.ts — reading a ladder file (presets/ladders/*.json, format
 * spindle-ladder/1): shape checks with errors that name the field. Engine
 * parameter names are checked when a rung is run (ladder.ts).
 */
import { LadderError, type Ladder, type LadderWorkload, type PaperFigures, type Rung } from './ladder';

export interface LadderFile extends Ladder {
  workload: LadderWorkload;
  calibration: { param: string; targetMeanMs: number; what: string };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function obj(v: unknown, field: string): Obj {
  if (!isObj(v)) throw new LadderError(field, 'must be an object');
  return v;
}
function str(o: Obj, k: string, field: string): string {
  if (typeof o[k] !== 'string') throw new LadderError(`${field}${k}`, 'must be a string');
  return o[k] as string;
}
function num(o: Obj, k: string, field: string): number {
  const v = o[k];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new LadderError(`${field}${k}`, 'must be a finite number');
  return v;
}
function numbers(v: unknown, field: string): Record<string, number> {
  const o = obj(v, field), out: Record<string, number> = {};
  for (const [k, x] of Object.entries(o)) out[k] = num(o, k, `${field}.`);
  return out;
}
function figures(v: unknown, field: string): PaperFigures {
  const o = obj(v, field), f = `${field}.`;
  const p: PaperFigures = { meanMs: num(o, 'meanMs', f), demeritMs: num(o, 'demeritMs', f), relativePct: num(o, 'relativePct', f) };
  if (o.table3 !== undefined) {
    const t = obj(o.table3, `${f}table3`);
    p.table3 = { demeritMs: num(t, 'demeritMs', `${f}table3.`), relativePct: num(t, 'relativePct', `${f}table3.`) };
  }
  return p;
}

export function parseLadder(json: unknown): LadderFile {
  const o = obj(json, 'ladder');
  if (o.format !== 'spindle-ladder/1') throw new LadderError('format', `must be 'spindle-ladder/1'`);
  if (!Array.isArray(o.rungs) || o.rungs.length === 0) throw new LadderError('rungs', 'must be a non-empty list');
  const rungs: Rung[] = o.rungs.map((r, i) => {
    const ro = obj(r, `rungs[${i}]`), f = `rungs[${i}].`;
    return { id: str(ro, 'id', f), figure: str(ro, 'figure', f), label: str(ro, 'label', f), features: str(ro, 'features', f),
      disk: numbers(ro.disk, `${f}disk`), paper: figures(ro.paper, `${f}paper`) };
  });
  const paper = obj(o.paper, 'paper'), cal = obj(o.calibration, 'calibration');
  const ladder: LadderFile = {
    id: str(o, 'id', ''), disk: str(o, 'disk', ''), name: str(o, 'name', ''), source: str(o, 'source', ''),
    paper: { realMeanMs: num(paper, 'realMeanMs', 'paper.'), realMeanPlusMinusMs: num(paper, 'realMeanPlusMinusMs', 'paper.') },
    reference: str(o, 'reference', ''),
    notes: Array.isArray(o.notes) ? o.notes.map(String) : [],
    rungs, workload: numbers(o.workload, 'workload'),
    calibration: { param: str(cal, 'param', 'calibration.'), targetMeanMs: num(cal, 'targetMeanMs', 'calibration.'), what: str(cal, 'what', 'calibration.') },
  };
  if (!rungs.some((r) => r.id === ladder.reference)) throw new LadderError('reference', `'${ladder.reference}' names no rung`);
  return ladder;
}

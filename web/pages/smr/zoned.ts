/*
 * zoned.ts — the host-managed drive (ZBC's zone model) in the worker: a
 * fresh drive, then the page's commands in order (a write at an offset of a
 * zone, run to its completion; or open, close, finish, reset at sp_now()).
 * Each command's outcome is the engine's: the write's result status (a write
 * not at the write pointer is refused, sp_error() saying why with ZBC's
 * sense code), or the zone call's refusal. Replaying the list from a fresh
 * drive makes the page's link the whole experiment.
 */
import {
  EngineError, RequestStatus, Status, SubmitFlag, codeOf, wordOf, wordsOf, type Engine, type Sim,
} from '../../../engine-wasm/binding';
import { configureDisk } from '../../state/diskPreset';
import { oneOfArg, presetArg, wholeArg } from '../../worker/args';
import { MAX_ZONE_OPS, type OpOutcome, type ZoneOp, type ZoneRow, type ZonedParams, type ZonedResult } from './protocol';

/** A write's size, at most (sectors): 32 MB. */
export const MAX_WRITE_SECTORS = 65536;

function checkOp(raw: unknown, i: number, zones: number): ZoneOp {
  const o = (raw ?? {}) as Record<string, unknown>;
  const at = `ops[${i}]`;
  const zone = wholeArg(`${at}.zone`, o.zone, 0, zones - 1);
  if (o.kind === 'write') {
    return { kind: 'write', zone, offset: wholeArg(`${at}.offset`, o.offset, 0, Number.MAX_SAFE_INTEGER), sectors: wholeArg(`${at}.sectors`, o.sectors, 1, MAX_WRITE_SECTORS) };
  }
  return { kind: oneOfArg(`${at}.kind`, o.kind, ['write', ...wordsOf('ZoneAction')]) as Exclude<ZoneOp['kind'], 'write'>, zone };
}

function zoneRow(sim: Sim, d: number, i: number): ZoneRow {
  const z = sim.zone(d, i);
  return { type: z.type, cond: z.cond, firstLbn: z.firstLbn, lbns: z.lbns, wp: z.wp, firstTrack: z.firstTrack, tracks: z.tracks };
}

/** One write, run to its completion: its result's status and time. */
function write(sim: Sim, lbn: number, sectors: number): { status: number; responseMs: number } {
  sim.submit(sim.now(), lbn, sectors, SubmitFlag.Write);
  let status = RequestStatus.Ok as number;
  let responseMs = 0;
  let st;
  do {
    st = sim.run();
    const r = sim.results();
    for (let i = 0; i < r.count; i++) {
      status = r.status(i);
      responseMs = r.get(i, 'responseMs');
    }
  } while (st === 1);
  return { status, responseMs };
}

export function smrZoned(engine: Engine, params: ZonedParams): ZonedResult {
  const disk = presetArg(params?.preset);
  if (disk.shingled?.mode !== 'host-managed') {
    throw new EngineError(Status.Invalid, `preset: ${disk.id} is not a host-managed shingled drive`, undefined, 'preset');
  }
  if (!Array.isArray(params.ops) || params.ops.length > MAX_ZONE_OPS) {
    throw new EngineError(Status.Range, `ops: not a list of at most ${MAX_ZONE_OPS} commands`, undefined, 'ops');
  }
  const sim = engine.createSim(1);
  try {
    const d = configureDisk(sim, disk);
    sim.outputConfigure(0, 16);
    const zones = sim.zoneCount(d);
    const ops = params.ops.map((o, i) => checkOp(o, i, zones));
    const outcomes: OpOutcome[] = ops.map((op) => {
      const timeMs = sim.now();
      if (op.kind === 'write') {
        const z = sim.zone(d, op.zone);
        if (op.offset >= z.lbns) throw new EngineError(Status.Range, `ops: write at ${op.offset} is past zone ${op.zone}'s ${z.lbns} sectors`, undefined, 'ops');
        const w = write(sim, z.firstLbn + op.offset, op.sectors);
        const ok = w.status === RequestStatus.Ok;
        return { ok, status: wordOf('RequestStatus', w.status) ?? 'ok', message: ok ? '' : sim.error(), responseMs: w.responseMs, timeMs, wpAfter: sim.zone(d, op.zone).wp };
      }
      try {
        sim.zoneAction(d, op.zone, codeOf('ZoneAction', op.kind));
        return { ok: true, status: 'ok', message: '', responseMs: 0, timeMs, wpAfter: sim.zone(d, op.zone).wp };
      } catch (e) {
        if (!(e instanceof EngineError)) throw e;
        return { ok: false, status: 'refused', message: e.message, responseMs: 0, timeMs, wpAfter: sim.zone(d, op.zone).wp };
      }
    });
    return {
      name: disk.name,
      zones: Array.from({ length: zones }, (_, i) => zoneRow(sim, d, i)),
      outcomes,
      refused: sim.smrStats(d).refused,
    };
  } finally {
    sim.dispose();
  }
}

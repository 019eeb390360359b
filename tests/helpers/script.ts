/*
 * script.ts — reads "call scripts" (a sim setup as one API call per line; the
 * format is described in engine-wasm/test/script.h) and replays them through
 * the wasm binding, so native programs and wasm tests run the very same
 * setups. Keep in step with script.h.
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { DiskParam, FlashParam, HostParam, SmrParam, WorkloadParam, ZoneParam, type Sim, type SpareKind, type DefectPolicy, type ZoneAction } from '../../engine-wasm/binding';

function pascal(snake: string): string {
  return snake.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

function paramIndex(table: Record<string, string | number>, name: string, what: string): number {
  const v = table[pascal(name)];
  if (typeof v !== 'number' || name.toLowerCase() !== name) throw new Error(`${what}: unknown parameter '${name}'`);
  return v;
}

function words(line: string): string[] {
  const hash = line.indexOf('#');
  return (hash >= 0 ? line.slice(0, hash) : line).split(/[ \t\r]+/).filter((w) => w.length > 0);
}

/** Names of the setups of a script file, in order. */
export function scriptSetups(path: string): string[] {
  return readFileSync(path, 'utf8').split('\n').map(words)
    .filter((w) => w.length >= 2 && w[0] === 'setup').map((w) => w[1]);
}

interface State { sim: Sim; disk: number; flash: number }

function num(s: string, op: string): number {
  const v = Number(s);
  if (s.trim() === '' || Number.isNaN(v)) throw new Error(`${op}: '${s}' is not a number`);
  return v;
}

function apply(st: State, w: string[], path: string, line: number, depth: number): void {
  const [op, ...args] = w;
  const where = `${path}:${line}`;
  const want = (n: number) => { if (args.length !== n) throw new Error(`${where}: ${op} takes ${n} arguments`); };
  const n = (i: number) => num(args[i], `${where}: ${op}`);
  const { sim } = st;
  try {
    switch (op) {
      case 'include': {
        want(1);
        if (depth >= 8) throw new Error(`${where}: include nested too deeply`);
        const file = isAbsolute(args[0]) ? args[0] : join(dirname(path), args[0]);
        applyLines(st, file, undefined, depth + 1);
        return;
      }
      case 'setup': want(2); sim.reset(BigInt(args[1])); return;
      case 'disk': want(0); st.disk = sim.diskAdd(); return;
      case 'use': want(1); st.disk = n(0); return;
      case 'reset': want(1); sim.reset(BigInt(args[0])); return;
      case 'set': want(2); sim.diskSet(st.disk, paramIndex(DiskParam, args[0], where) as DiskParam, n(1)); return;
      case 'zone':
        want(7);
        sim.diskAddZone(st.disk, {
          firstCyl: n(0), lastCyl: n(1), sectorsPerTrack: n(2), trackSkew: n(3), cylSkew: n(4),
          spareKind: n(5) as SpareKind, spareCount: n(6),
        });
        return;
      case 'zone_set': {
        want(3);
        const zp = ({ first_block_offset: ZoneParam.FirstBlockOffset, front_space_sectors: ZoneParam.FrontSpaceSectors } as
          Record<string, ZoneParam>)[args[0]];
        if (zp === undefined) throw new Error(`${where}: zone_set: unknown zone parameter '${args[0]}'`);
        sim.diskSetZone(st.disk, n(1), zp, n(2));
        return;
      }
      case 'defect': want(4); sim.diskAddDefect(st.disk, { cyl: n(0), surface: n(1), slot: n(2), policy: n(3) as DefectPolicy }); return;
      case 'seek_point': want(2); sim.diskAddSeekPoint(st.disk, n(0), n(1)); return;
      case 'commit': want(0); sim.diskCommit(st.disk); return;
      case 'wl': want(2); sim.workloadSet(paramIndex(WorkloadParam, args[0], where) as WorkloadParam, n(1)); return;
      case 'host': want(2); sim.hostSet(paramIndex(HostParam, args[0], where) as HostParam, n(1)); return;
      case 'flash': want(0); st.flash = sim.flashAdd(); return;
      case 'fset': want(2); sim.flashSet(st.flash, paramIndex(FlashParam, args[0], where) as FlashParam, n(1)); return;
      case 'smr': want(0); st.disk = sim.smrAdd(); return;
      case 'sset': want(2); sim.smrSet(st.disk, paramIndex(SmrParam, args[0], where) as SmrParam, n(1)); return;
      case 'zone_action': want(2); sim.zoneAction(st.disk, n(0), n(1) as ZoneAction); return;
      case 'submit': want(5); sim.requestSubmit(n(0), n(1), n(2), n(3), n(4)); return;
      case 'vsubmit': want(4); sim.submit(n(0), n(1), n(2), n(3)); return;
      case 'output': want(2); sim.outputConfigure(n(0), n(1)); return;
      default: throw new Error(`${where}: unknown call '${op}'`);
    }
  } catch (e) {
    if (e instanceof Error && !e.message.startsWith(where)) e.message = `${where}: ${op}: ${e.message}`;
    throw e;
  }
}

function applyLines(st: State, path: string, name: string | undefined, depth: number): void {
  const lines = readFileSync(path, 'utf8').split('\n');
  let inBlock = name === undefined;
  let found = inBlock;
  lines.forEach((text, i) => {
    const w = words(text);
    if (w.length === 0) return;
    if (name !== undefined && w[0] === 'setup') {
      inBlock = w[1] === name;
      if (inBlock) found = true;
    }
    if (inBlock) apply(st, w, path, i + 1, depth);
  });
  if (!found) throw new Error(`${path}: no setup named '${name}'`);
}

/** Applies setup `name` of a script file (or the whole file) to a sim. */
export function loadScript(sim: Sim, path: string, name?: string): void {
  applyLines({ sim, disk: -1, flash: -1 }, path, name, 0);
}

/*
 * The binding's hand-written tables (struct layouts in layout.ts, enums and
 * caps in constants.ts) checked against include/spindle.h by the C compiler
 * itself: we generate a C file of _Static_asserts and compile it, natively
 * (gcc, x86-64: same offsets as wasm32 for these structs) and, when clang is
 * there, for wasm32 as well.
 */
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as C from '../engine-wasm/binding/constants';
import { ALL_CHAR_ARRAYS, ALL_LAYOUTS } from '../engine-wasm/binding/layout';

const INCLUDE = fileURLToPath(new URL('../engine-wasm/include', import.meta.url));

/** camelCase → SNAKE_CASE ("SectorsPerTrack" → "SECTORS_PER_TRACK", "CLOOK" stays). */
function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** A TS numeric enum's members (reverse-mapping entries skipped). */
function members(e: object): [string, number][] {
  return Object.entries(e).filter(([, v]) => typeof v === 'number') as [string, number][];
}

const STATUS_C: Record<string, string> = {
  Ok: 'SP_OK', More: 'SP_MORE', Invalid: 'SP_E_INVALID', Range: 'SP_E_RANGE',
  NoMem: 'SP_E_NOMEM', State: 'SP_E_STATE', Limit: 'SP_E_LIMIT',
};

const ENUM_PREFIX: [object, string][] = [
  [C.DiskParam, 'SP_DP_'],
  [C.SeekModel, 'SP_SEEK_'],
  [C.ReadAhead, 'SP_RA_'],
  [C.WriteCache, 'SP_WC_'],
  [C.Scheduler, 'SP_SCHED_'],
  [C.SpareKind, 'SP_SPARE_'],
  [C.DefectPolicy, 'SP_DEFECT_'],
  [C.ZoneParam, 'SP_ZP_'],
  [C.WorkloadParam, 'SP_WP_'],
  [C.Arrivals, 'SP_ARRIVE_'],
  [C.Pattern, 'SP_PATTERN_'],
  [C.SizeDist, 'SP_SIZE_'],
  [C.Align, 'SP_ALIGN_'],
  [C.EventKind, 'SP_EV_'],
  [C.ProbeKind, 'SP_PROBE_'],
  [C.HostParam, 'SP_HP_'],
  [C.Policy, 'SP_POLICY_'],
  [C.DeviceKind, 'SP_DEV_'],
  [C.SubmitFlag, 'SP_SUBMIT_'],
  [C.ParamTable, 'SP_TABLE_'],
  [C.Estimator, 'SP_EST_'],
  [C.FlashParam, 'SP_FP_'],
  [C.FsParam, 'SP_FSP_'],
  [C.FsPolicy, 'SP_FS_POLICY_'],
  [C.FsPhase, 'SP_FS_PHASE_'],
  [C.EraseMode, 'SP_ERASE_'],
  [C.RotationModel, 'SP_ROT_'],
  [C.SwitchModel, 'SP_SWITCH_'],
  [C.LayoutModel, 'SP_LAYOUT_'],
  [C.TransferModel, 'SP_XFER_'],
];

const SIZE = { f64: 8, i64: 8, i32: 4, u32: 4, u16: 2 } as const;

/** C lines asserting every TS constant and layout entry; a field added inside
 * a struct shifts the offsets after it, one added at the end changes sizeof. */
function checks(): string[] {
  const lines: string[] = [];
  for (const [name, value] of members(C.Status)) lines.push(`_Static_assert(${STATUS_C[name]} == ${value}, "Status.${name}");`);
  for (const [e, prefix] of ENUM_PREFIX) {
    for (const [name, value] of members(e)) {
      const c = prefix + snake(name);
      lines.push(`_Static_assert(${c} == ${value}, "${c}");`);
    }
  }
  for (const [key, value] of Object.entries(C.Limits)) {
    const c = C.LIMIT_C_NAMES[key as keyof typeof C.Limits];
    lines.push(`_Static_assert(${c} == ${value}, "${c}");`);
  }
  lines.push(`_Static_assert(SP_API_VERSION == ${C.API_VERSION}, "SP_API_VERSION");`);
  lines.push(`_Static_assert(SP_HOST == ${C.HOST}, "SP_HOST");`);
  lines.push(`_Static_assert(SP_HOST_WRITES == ${C.HOST_WRITES}, "SP_HOST_WRITES");`);
  lines.push(`_Static_assert(SP_FS_SEEK_BINS == ${C.FS_SEEK_BINS}, "SP_FS_SEEK_BINS");`);
  for (const layout of ALL_LAYOUTS) {
    lines.push(`_Static_assert(sizeof(${layout.cName}) == ${layout.size}, "sizeof(${layout.cName})");`);
    const fields = Object.values(layout.fields);
    for (const f of fields) {
      lines.push(`_Static_assert(offsetof(${layout.cName}, ${f.cField}) == ${f.offset}, "${layout.cName}.${f.cField}");`);
      lines.push(`_Static_assert(sizeof(((${layout.cName} *)0)->${f.cField}) == ${SIZE[f.type]}, "size of ${layout.cName}.${f.cField}");`);
    }
  }
  for (const c of ALL_CHAR_ARRAYS) {
    lines.push(`_Static_assert(offsetof(${c.cName}, ${c.cField}) == ${c.offset}, "${c.cName}.${c.cField}");`);
    lines.push(`_Static_assert(sizeof(((${c.cName} *)0)->${c.cField}) == ${c.bytes}, "size of ${c.cName}.${c.cField}");`);
  }
  return lines;
}

function source(): string {
  const headers = readdirSync(INCLUDE).filter((f) => f.endsWith('.h')).map((f) => `#include "${f}"`);
  return ['#include <stddef.h>', ...headers, ...checks(), ''].join('\n');
}

function hasCompiler(cmd: string): boolean {
  try {
    execFileSync(cmd, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function compile(cmd: string, extra: string[]): void {
  const dir = mkdtempSync(join(tmpdir(), 'spindle-layout-'));
  try {
    const file = join(dir, 'layout_check.c');
    writeFileSync(file, source());
    execFileSync(cmd, [...extra, '-std=c11', '-fsyntax-only', `-I${INCLUDE}`, file], { stdio: 'pipe' });
  } catch (e) {
    const err = e as { stderr?: Buffer; message: string };
    throw new Error(`the binding's tables disagree with spindle.h:\n${err.stderr?.toString() ?? err.message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('binding tables match include/spindle.h', () => {
  it('has a check for every enum member, cap and struct field', () => {
    const n = checks().filter((l) => l.startsWith('_Static_assert')).length;
    expect(n).toBeGreaterThan(200);
  });

  it('every layout covers its struct with no overlapping fields', () => {
    for (const layout of ALL_LAYOUTS) {
      const fields = Object.values(layout.fields).sort((a, b) => a.offset - b.offset);
      // character arrays (sp_param_info.name) come first in their struct
      let end = ALL_CHAR_ARRAYS.filter((c) => c.cName === layout.cName).reduce((m, c) => Math.max(m, c.offset + c.bytes), 0);
      for (const f of fields) {
        expect(f.offset % SIZE[f.type], `${layout.cName}.${f.cField} alignment`).toBe(0);
        expect(f.offset, `${layout.cName}.${f.cField} overlaps the field before`).toBeGreaterThanOrEqual(end);
        end = f.offset + SIZE[f.type];
      }
      expect(end, `${layout.cName} fields run past its size`).toBeLessThanOrEqual(layout.size);
      expect(layout.size - end, `${layout.cName} has more tail than padding`).toBeLessThan(8);
    }
  });

  it('gcc (native) agrees', () => {
    compile(process.env.CC ?? 'gcc', []);
  });

  it.runIf(hasCompiler('clang'))('clang for wasm32 agrees', () => {
    compile('clang', ['--target=wasm32', '-ffreestanding']);
  });
});

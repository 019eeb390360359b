/*
 * The binding's hand-written struct layouts (layout.ts) checked against
 * the public headers by the C compiler itself: we generate a C file of
 * _Static_asserts and compile it, natively (gcc, x86-64: same offsets as
 * wasm32 for these structs) and, when clang is there, for wasm32 as well.
 * The enums and caps need no such check: the compiler prints them
 * (tools/constants_ts.c).
 */
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_CHAR_ARRAYS, ALL_LAYOUTS } from '../engine-wasm/binding/layout';

const INCLUDE = fileURLToPath(new URL('../engine-wasm/include', import.meta.url));

const SIZE = { f64: 8, i64: 8, i32: 4, u32: 4, u16: 2 } as const;

/** C lines asserting every layout entry; a field added inside
 * a struct shifts the offsets after it, one added at the end changes sizeof. */
function checks(): string[] {
  const lines: string[] = [];
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

describe('binding layouts match include/spindle.h', () => {
  it('has a check for every struct field', () => {
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

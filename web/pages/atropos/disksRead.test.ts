import { describe, expect, it } from 'vitest';
import { disksRead, disksReadNote } from './disksRead';
import type { AccessResult, CellPiece, Layout } from './protocol';

const NAMES: Record<Layout, string> = { atropos: 'Atropos', 'naive-column': 'column-major', 'naive-row': 'row-major' };
const cell = (disk: number, accessed = true) => ({ disk, accessed }) as CellPiece;
const result = (p: number, runs: Partial<Record<Layout, CellPiece[]>>, access: 'row' | 'column' = 'row') => ({
  params: { p, access } as AccessResult['params'], row: 1000, column: 1, scan: 16,
  runs: Object.entries(runs).map(([layout, cells]) => ({ layout, cells })) as AccessResult['runs'],
});

describe('the disks an access reads', () => {
  it('counts the accessed cells only, each disk once, ascending', () => {
    expect(disksRead(result(4, { atropos: [cell(3), cell(1), cell(3), cell(0, false)] }), 'atropos')).toEqual([1, 3]);
    expect(disksRead(result(4, {}), 'atropos')).toEqual([]);
  });

  it('names the one disk a record lies on under every layout shown', () => {
    const r = result(4, { atropos: [cell(3), cell(3)], 'naive-column': [cell(3)] });
    expect(disksReadNote(r, ['atropos', 'naive-column'], NAMES)).toBe(
      "Record 1000's cells lie on disk 3 under every layout shown: only those platters carry marks; the other disks' heads stay idle.");
  });

  it('names each layout\'s disks when they differ, and says nothing when every disk is read', () => {
    const r = result(4, { atropos: [cell(2)], 'naive-column': [cell(0), cell(1), cell(3)] }, 'column');
    expect(disksReadNote(r, ['atropos', 'naive-column'], NAMES)).toBe(
      "Column 1 of records 1000…1015's cells lie on disk 2 under Atropos; disks 0, 1 and 3 under column-major: only those platters carry marks; the other disks' heads stay idle.");
    const all = result(2, { atropos: [cell(0), cell(1)] });
    expect(disksReadNote(all, ['atropos'], NAMES)).toBe('');
  });
});

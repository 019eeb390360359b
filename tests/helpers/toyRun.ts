/*
 * A homework run of the toy disk as the engine reports it, for unit tests of
 * its drawing: 360 units a turn, the head mid-sector 6 at t = 0, blocks 10
 * then 18 served (a seek of one track before 18).
 */
import type { HomeworkRun } from '../../web/pages/homework/run';

export const toyRun: HomeworkRun = {
  requests: [10, 18], late: [],
  rows: [
    { index: 0, block: 10, track: 0, seek: 0, rotate: 105, transfer: 30, total: 135, start: 0, end: 135 },
    { index: 1, block: 18, track: 1, seek: 40, rotate: 170, transfer: 30, total: 240, start: 135, end: 375 },
  ],
  totals: { seek: 40, rotate: 275, transfer: 60, total: 375 }, arithmetic: 'exact', drifted: [],
  revolution: 360, phase0: 13 / 24,
  tracks: [0, 1, 2].map((t) => ({ firstBlock: 12 * t, blocks: 12, slot0Angle: 0 })),
};

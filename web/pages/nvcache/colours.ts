/* colours.ts — the NVCache page's colours, one place: outcomes, sides, schedulers. */
import type { HostSched, Outcome } from './protocol';

/** Also the ink of the outcome's name and the ground of white labels: 4.5:1 or more either way. */
export const OUTCOME_COLOUR: Record<Outcome, string> = { disk: '#666', flash: '#b85000', coalesced: '#15805f', 'no-room': '#6a64a8' };
export const OUTCOME_TEXT: Record<Outcome, string> = { disk: 'to the platter', flash: 'redirected to flash', coalesced: 'coalesced with the FQueue', 'no-room': 'to the platter (no redirection)' };
/** Also the colour of each side's heading: 4.5:1 or more on the page. */
export const SIDE_COLOUR = { with: '#b85000', without: '#444' } as const;
export const SCHED_COLOUR: Record<HostSched, string> = { fcfs: '#1b9e77', sstf: '#e7298a', clook: '#7570b3' };
/** Device operations: platter writes and reads, FQueue write-backs (flush, purge), flash operations. */
export const OP_COLOUR: Record<string, string> = {
  write: '#fdae6b', read: '#9ecae1', flush: '#fb6a4a', purge: '#74c476', 'pinned-write': '#d95f02', unpin: '#bbb',
};

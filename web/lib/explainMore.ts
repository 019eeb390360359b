/*
 * explainMore.ts — the few sentences for a student behind each panel's `?`
 * (the one-line explanations and units are in explain.ts): a chunk of its
 * own, fetched when a reader first points at or opens a `?`.
 */
import type { ExplainId } from './explain';

export const MORE = {
  // ---- the live explorer -------------------------------------------------------------------
  platter: 'Each ring is a track; coloured bands are zones (outer zones hold more sectors per track). A request costs a seek (the arm moves to the cylinder), a rotational latency (waiting for the sector to come under the head) and a transfer (the sectors passing under the head). The angle you see is the engine\u2019s, computed from the simulated time.',
  sideView: 'All heads move together, but only one reads at a time. Moving to the next surface of the same cylinder is a head switch (a short settle); moving to another cylinder is a seek.',
  queues: 'FCFS serves requests in arrival order; SSTF, LOOK and C-LOOK pick by distance; SPTF picks the one with the shortest total positioning time (seek plus rotation). A deeper queue gives the scheduler more to choose from.',
  timeline: 'The response time of a request is its waiting time plus its service time. Hover a bar for the exact times the engine computed.',
  stats: 'The mean time per request splits into seek, rotational latency, transfer and bus time; they add up to the mean service time. Percentiles say how slow the slowest requests are (p99: 1 in 100 is slower).',
  disk: 'Seek time grows with the square root of the distance for short seeks (the arm accelerates and decelerates) and linearly for long ones (it coasts). Zones keep the bit density about constant, so outer tracks hold more sectors.',
  hostQueue: 'A volume spreads its blocks over several disks (striping). One logical request can become several device requests served by different arms at once; it completes when its last part does.',
  devices: 'Each disk runs its own arm and queue. With striping, a busy disk next to idle ones shows an imbalance in the workload.',
  // ---- the locator --------------------------------------------------------------------------
  locatePlatter: 'Click a track to pick the LBN stored there. The arm\u2019s seek (solid), the wait for the sector (dashed arc) and the transfer (thick arc) are drawn where the head is at each moment; the platter turns during the seek too.',
  locateRead: 'An LBN (logical block number) is the disk\u2019s address for one sector. The disk maps it to a cylinder, a surface and an angle; reading it costs a seek to the cylinder, a rotational latency until the sector arrives, and its transfer. Move the head to where the read ends to see what the next read would cost.',
  // ---- track-aligned extents ---------------------------------------------------------------
  traxSweep: 'Disk efficiency is media transfer time divided by head time (seek + rotational latency + transfer + head switches): 1 would mean the head never waits. A track-sized read that starts on a track boundary needs no rotational wait on a disk with zero-latency access (it reads the sectors in whatever order they arrive under the head). Just past one track, an unaligned or oversize read spills onto the next track and pays a head switch and often a second rotational wait, so efficiency drops.',
  traxBreakdown: 'Aligned reads lose most of their rotational latency (zero-latency access starts reading at once) and never switch heads mid-request. The bus column is the time the transfer to the host runs past the media transfer.',
  traxSd: 'The standard deviation of response time: a small one means every request takes about the same time, which matters for streaming media and real-time work.',
  traxSwitch: 'An unaligned request of N sectors starts at a random sector of a track with SPT sectors, so it crosses a boundary with probability (N\u22121)/SPT. Aligned requests up to a track seldom do.',
  traxExtract: 'The extractor never reads the disk\u2019s layout: it times 1- and 2-sector reads at chosen rotational phases; a read across a track boundary costs a head switch, which shows. The result is compared with the engine\u2019s true track map.',
  // ---- side by side -------------------------------------------------------------------------
  sideColumn: 'Both runs use the same seed, so the same random positions; the only difference is that aligned requests start on a track boundary. Watch the arm: aligned reads start transferring as soon as the head lands.',
  sideDiff: 'Head time is the time the head is busy per request (seek, rotational latency, transfer, switches). Efficiency is media transfer time over head time. This page runs over the whole disk, so its efficiency differs from the track-aligned extents page, which samples the first (outermost) zone only.',
  // ---- Atropos ------------------------------------------------------------------------------
  atBudget: 'Semi-sequential access reads one block from each of d adjacent tracks, each just after the previous one passes under the head after a settle: if the whole path fits in a revolution, a column costs no rotational wait.',
  atQuad: 'Horizontal strokes are transfers, dashed ones rotational waits, slanted ones seeks and switches (the platter turns meanwhile).',
  atFig9: 'A record is fetched as one semi-sequential batch of d cells. As long as the whole batch fits in one revolution, a larger quadrangle costs little more; past that point each record pays an extra revolution, which is the step in the curves.',
  // ---- lessons ------------------------------------------------------------------------------
  lessonPlayback: 'The keys of every stage: Space plays or pauses; \u2192 steps to the next moment a seek, rotational wait or transfer starts or ends, Shift+\u2192 to the next completion, \u2190 back one (the playback pauses there); [ and ] slower and faster; R replays from the start; M links to this moment; P presentation mode. The toy disk (homework steps) turns with the same clock.',
} satisfies Record<ExplainId, string>;

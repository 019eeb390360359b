/*
 * explain.ts — what every panel says about itself, in one place: a one-line
 * "what am I looking at" under its title, a short explanation for a student
 * behind its `?`, and, for a chart, the line naming its units and legend.
 * Pages show them with <Explain id=…/> and <Units id=…/> (web/shell/Explain.tsx),
 * so the words are written once and every page reads the same way.
 */

export interface Explanation {
  /** One line under the title: what the panel shows. */
  line: string;
  /** A few sentences for a student, opened by the `?`. */
  more: string;
  /** For a chart: its axes' units and what each colour or mark means. */
  units?: string;
}

const TEXTS = {
  // ---- the live explorer -------------------------------------------------------------------
  platter: {
    line: 'The disk seen from above, turning as the model says: the arm seeks, the platter brings the sector round, the transfer lights it up.',
    more: 'Each ring is a track; coloured bands are zones (outer zones hold more sectors per track). A request costs a seek (the arm moves to the cylinder), a rotational latency (waiting for the sector to come under the head) and a transfer (the sectors passing under the head). The angle you see is the engine\u2019s, computed from the simulated time.',
    units: 'Angles clockwise from 12 o\u2019clock; cylinder 0 is the outer edge; the clock is simulated milliseconds, slowed down for the eye.',
  },
  sideView: {
    line: 'The stack of platters from the side: one head per surface, all on one arm; the active head is highlighted.',
    more: 'All heads move together, but only one reads at a time. Moving to the next surface of the same cylinder is a head switch (a short settle); moving to another cylinder is a seek.',
  },
  queues: {
    line: 'Requests waiting at the disk and the one being served, in the order the scheduler will pick them.',
    more: 'FCFS serves requests in arrival order; SSTF, LOOK and C-LOOK pick by distance; SPTF picks the one with the shortest total positioning time (seek plus rotation). A deeper queue gives the scheduler more to choose from.',
  },
  timeline: {
    line: 'One row per request along simulated time: how long it waited in the queue, then its seek, rotational wait and transfer.',
    more: 'The response time of a request is its waiting time plus its service time. Hover a bar for the exact times the engine computed.',
    units: 'x: simulated time (ms), one row per request; each bar\u2019s parts lettered and coloured as the legend below names them; the vertical line is now.',
  },
  stats: {
    line: 'The engine\u2019s statistics over the requests completed so far: mean response time, its parts, and the spread.',
    more: 'The mean time per request splits into seek, rotational latency, transfer and bus time; they add up to the mean service time. Percentiles say how slow the slowest requests are (p99: 1 in 100 is slower).',
    units: 'Times in milliseconds; throughput in MB/s (10\u2076 bytes per second).',
  },
  disk: {
    line: 'The disk the model runs: its geometry, zones and seek curve, with the source of each number.',
    more: 'Seek time grows with the square root of the distance for short seeks (the arm accelerates and decelerates) and linearly for long ones (it coasts). Zones keep the bit density about constant, so outer tracks hold more sectors.',
    units: 'Seek curve: x = distance in cylinders, y = seek time in ms.',
  },
  hostQueue: {
    line: 'Logical requests to the volume: those waiting in the host queue, and those issued, with the device requests each became.',
    more: 'A volume spreads its blocks over several disks (striping). One logical request can become several device requests served by different arms at once; it completes when its last part does.',
  },
  devices: {
    line: 'Every disk of the volume, small; pick one to see it large with its queues and timeline.',
    more: 'Each disk runs its own arm and queue. With striping, a busy disk next to idle ones shows an imbalance in the workload.',
  },
  // ---- the locator --------------------------------------------------------------------------
  locatePlatter: {
    line: 'One surface of the disk at scale; the path is the access the engine computed for the read set under \u201cRead\u201d.',
    more: 'Click a track to pick the LBN stored there. The arm\u2019s seek (solid), the wait for the sector (dashed arc) and the transfer (thick arc) are drawn where the head is at each moment; the platter turns during the seek too.',
    units: 'Zones coloured by band; angles clockwise from 12 o\u2019clock; cylinder 0 at the outer edge.',
  },
  locateRead: {
    line: 'Where the LBN lives (cylinder, surface, sector) and what reading it costs from the head\u2019s position, part by part.',
    more: 'An LBN (logical block number) is the disk\u2019s address for one sector. The disk maps it to a cylinder, a surface and an angle; reading it costs a seek to the cylinder, a rotational latency until the sector arrives, and its transfer. Move the head to where the read ends to see what the next read would cost.',
    units: 'Times in milliseconds (three decimals: microseconds); angles in revolutions and degrees.',
  },
  // ---- track-aligned extents ---------------------------------------------------------------
  traxSweep: {
    line: 'How much of the head\u2019s time is spent transferring data, for random reads of each size, aligned to tracks or not.',
    more: 'Disk efficiency is media transfer time divided by head time (seek + rotational latency + transfer + head switches): 1 would mean the head never waits. A track-sized read that starts on a track boundary needs no rotational wait on a disk with zero-latency access (it reads the sectors in whatever order they arrive under the head). Just past one track, an unaligned or oversize read spills onto the next track and pays a head switch and often a second rotational wait, so efficiency drops.',
    units: 'x: request size (KB, log scale); y: disk efficiency (0\u20131); green = track-aligned, vermillion = unaligned; dashed line = one track; dotted line = the most a disk can do (streaming).',
  },
  traxBreakdown: {
    line: 'For track-sized reads: where each millisecond of head time goes, aligned and unaligned.',
    more: 'Aligned reads lose most of their rotational latency (zero-latency access starts reading at once) and never switch heads mid-request. The bus column is the time the transfer to the host runs past the media transfer.',
    units: 'Times in ms per request; efficiency 0\u20131; P(head switch) = fraction of requests that switched heads.',
  },
  traxSd: {
    line: 'How much response times vary, by request size: aligned requests are more predictable.',
    more: 'The standard deviation of response time: a small one means every request takes about the same time, which matters for streaming media and real-time work.',
    units: 'x: request size (KB, log scale); y: response-time standard deviation (ms); green = aligned, vermillion = unaligned.',
  },
  traxSwitch: {
    line: 'How often a request crosses a track boundary and has to switch heads.',
    more: 'An unaligned request of N sectors starts at a random sector of a track with SPT sectors, so it crosses a boundary with probability (N\u22121)/SPT. Aligned requests up to a track seldom do.',
    units: 'x: request size (KB, log scale); y: fraction of requests with a head switch (0\u20131); green = aligned, vermillion = unaligned.',
  },
  traxExtract: {
    line: 'Finding where the tracks end from outside, by timing reads, as a file system would have to.',
    more: 'The extractor never reads the disk\u2019s layout: it times 1- and 2-sector reads at chosen rotational phases; a read across a track boundary costs a head switch, which shows. The result is compared with the engine\u2019s true track map.',
  },
  // ---- side by side -------------------------------------------------------------------------
  sideColumn: {
    line: 'The same requests on the same disk, played on one clock: left unaligned, right track-aligned.',
    more: 'Both runs use the same seed, so the same random positions; the only difference is that aligned requests start on a track boundary. Watch the arm: aligned reads start transferring as soon as the head lands.',
    units: 'Platter as in the explorer; timeline x = simulated time (ms), one row per request.',
  },
  sideDiff: {
    line: 'What alignment changed, from the engine\u2019s final statistics of both whole runs.',
    more: 'Head time is the time the head is busy per request (seek, rotational latency, transfer, switches). Efficiency is media transfer time over head time. This page runs over the whole disk, so its efficiency differs from the track-aligned extents page, which samples the first (outermost) zone only.',
    units: 'Times in ms; efficiency and head-switch share in %; change = (aligned \u2212 unaligned) / unaligned.',
  },
  // ---- Atropos ------------------------------------------------------------------------------
  atBudget: {
    line: 'Whether one column of a quadrangle (d tracks, b sectors each) can be read in one revolution.',
    more: 'Semi-sequential access reads one block from each of d adjacent tracks, each just after the previous one passes under the head after a settle: if the whole path fits in a revolution, a column costs no rotational wait.',
  },
  atQuad: {
    line: 'The head\u2019s path over the tracks of the quadrangle, by angle, from the engine\u2019s events.',
    more: 'Horizontal strokes are transfers, dashed ones rotational waits, slanted ones seeks and switches (the platter turns meanwhile).',
    units: 'x: angle on the platter (0 to 1 revolution); one row per track the access touched, per disk.',
  },
  atFig9: {
    line: 'Response time against quadrangle size, as the points arrive from the engine.',
    more: 'A record is fetched as one semi-sequential batch of d cells. As long as the whole batch fits in one revolution, a larger quadrangle costs little more; past that point each record pays an extra revolution, which is the step in the curves.',
    units: 'x: quadrangle I/O size S = d\u00b7b (KB); y: response time less seek (ms); one curve per depth d.',
  },
  // ---- lessons ------------------------------------------------------------------------------
  lessonPlayback: {
    line: 'The model\u2019s run of this step, played back: each request\u2019s seek, rotational wait and transfer as the clock reaches them.',
    more: 'The keys of every stage: Space plays or pauses; \u2192 steps to the next moment a seek, rotational wait or transfer starts or ends, Shift+\u2192 to the next completion, \u2190 back one (the playback pauses there); [ and ] slower and faster; R replays from the start; M links to this moment; P presentation mode. The toy disk (homework steps) turns with the same clock.',
    units: 'x: the run\u2019s time (the toy disk\u2019s units, or ms), one row per request; orange seek, sky blue rotation, green transfer; the vertical line is now.',
  },
} satisfies Record<string, Explanation>;

export type ExplainId = keyof typeof TEXTS;
export const EXPLAIN: Readonly<Record<ExplainId, Explanation>> = TEXTS;

/** Words a page uses that a student may not know, defined where the page shows its numbers. */
export const TERMS = {
  efficiency: ['Disk efficiency', 'the share of the head\u2019s busy time spent transferring data: media transfer time / (seek + rotational latency + transfer + head switches). 1.0 would mean the head never waits; streaming whole tracks is the most a disk can reach (the dotted line).'],
  zeroLatency: ['Zero-latency access', 'a disk that can start reading a track wherever the head lands and put the sectors in order afterwards. A track-aligned, track-sized read then needs no rotational wait at all; an unaligned one still waits for the part on the second track.'],
  drop: ['The drop just past one track', 'a request one sector longer than a track always spans two tracks: it pays a head switch and, when the rest of the second track has passed, up to one more revolution. Efficiency falls there, then climbs again as requests grow.'],
  firstZone: ['First zone', 'these requests are all placed in the disk\u2019s first (outermost) zone, as in the paper, where tracks hold the most sectors. The side-by-side page spreads its requests over the whole disk (shorter inner tracks, longer seeks), so its efficiency for the \u201csame\u201d setup differs.'],
} as const;

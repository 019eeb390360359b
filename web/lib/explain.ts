/*
 * explain.ts — what every panel says about itself, in one place: a one-line
 * "what am I looking at" under its title and, for a chart, the line naming
 * its units and legend; the short explanation for a student behind its `?`
 * is in explainMore.ts, a chunk fetched when a `?` is first pointed at or
 * opened (no page's first load carries it). Pages show them with
 * <Explain id=…/> and <Units id=…/> (web/shell/Explain.tsx), so the words are
 * written once and every page reads the same way.
 */

export interface Explanation {
  /** One line under the title: what the panel shows. */
  line: string;
  /** For a chart: its axes' units and what each colour or mark means. */
  units?: string;
}

const TEXTS = {
  // ---- the live explorer -------------------------------------------------------------------
  platter: {
    line: 'The disk seen from above, turning as the model says: the arm seeks, the platter brings the sector round, the transfer lights it up.',
    units: 'Angles clockwise from 12 o\u2019clock; cylinder 0 is the outer edge; the clock is simulated milliseconds, slowed down for the eye.',
  },
  sideView: {
    line: 'The stack of platters from the side: one head per surface, all on one arm; the active head is highlighted.',
  },
  queues: {
    line: 'Requests waiting at the disk and the one being served, in the order the scheduler will pick them.',
  },
  timeline: {
    line: 'One row per request along simulated time: how long it waited in the queue, then its seek, rotational wait and transfer.',
    units: 'x: simulated time (ms), one row per request; each bar\u2019s parts lettered and coloured as the legend below names them; the vertical line is now.',
  },
  stats: {
    line: 'The engine\u2019s statistics over the requests completed so far: mean response time, its parts, and the spread.',
    units: 'Times in milliseconds; throughput in MB/s (10\u2076 bytes per second).',
  },
  disk: {
    line: 'The disk the model runs: its geometry, zones and seek curve, with the source of each number.',
    units: 'Seek curve: x = distance in cylinders, y = seek time in ms.',
  },
  hostQueue: {
    line: 'Logical requests to the volume: those waiting in the host queue, and those issued, with the device requests each became.',
  },
  devices: {
    line: 'Every disk of the volume, small; pick one to see it large with its queues and timeline.',
  },
  // ---- the locator --------------------------------------------------------------------------
  locatePlatter: {
    line: 'One surface of the disk at scale; the path is the access the engine computed for the read set under \u201cRead\u201d.',
    units: 'Zones coloured by band; angles clockwise from 12 o\u2019clock; cylinder 0 at the outer edge.',
  },
  locateRead: {
    line: 'Where the LBN lives (cylinder, surface, sector) and what reading it costs from the head\u2019s position, part by part.',
    units: 'Times in milliseconds (three decimals: microseconds); angles in revolutions and degrees.',
  },
  // ---- track-aligned extents ---------------------------------------------------------------
  traxSweep: {
    line: 'How much of the head\u2019s time is spent transferring data, for random reads of each size, aligned to tracks or not.',
    units: 'x: request size (KB, log scale); y: disk efficiency (0\u20131); green = track-aligned, vermillion = unaligned; dashed line = one track; dotted line = the most a disk can do (streaming).',
  },
  traxBreakdown: {
    line: 'For track-sized reads: where each millisecond of head time goes, aligned and unaligned.',
    units: 'Times in ms per request; efficiency 0\u20131; P(head switch) = fraction of requests that switched heads.',
  },
  traxSd: {
    line: 'How much response times vary, by request size: aligned requests are more predictable.',
    units: 'x: request size (KB, log scale); y: response-time standard deviation (ms); green = aligned, vermillion = unaligned.',
  },
  traxSwitch: {
    line: 'How often a request crosses a track boundary and has to switch heads.',
    units: 'x: request size (KB, log scale); y: fraction of requests with a head switch (0\u20131); green = aligned, vermillion = unaligned.',
  },
  traxExtract: {
    line: 'Finding where the tracks end from outside, by timing reads, as a file system would have to.',
  },
  // ---- side by side -------------------------------------------------------------------------
  sideColumn: {
    line: 'The same requests on the same disk, played on one clock: left unaligned, right track-aligned.',
    units: 'Platter as in the explorer; timeline x = simulated time (ms), one row per request.',
  },
  sideDiff: {
    line: 'What alignment changed, from the engine\u2019s final statistics of both whole runs.',
    units: 'Times in ms; efficiency and head-switch share in %; change = (aligned \u2212 unaligned) / unaligned.',
  },
  // ---- Atropos ------------------------------------------------------------------------------
  atBudget: {
    line: 'Whether one column of a quadrangle (d tracks, b sectors each) can be read in one revolution.',
  },
  atQuad: {
    line: 'The head\u2019s path over the tracks of the quadrangle, by angle, from the engine\u2019s events.',
    units: 'x: angle on the platter (0 to 1 revolution); one row per track the access touched, per disk.',
  },
  atFig9: {
    line: 'Response time against quadrangle size, as the points arrive from the engine.',
    units: 'x: quadrangle I/O size S = d\u00b7b (KB); y: response time less seek (ms); one curve per depth d.',
  },
  // ---- lessons ------------------------------------------------------------------------------
  lessonPlayback: {
    line: 'The model\u2019s run of this step, played back: each request\u2019s seek, rotational wait and transfer as the clock reaches them.',
    units: 'x: the run\u2019s time (the toy disk\u2019s units, or ms), one row per request; blue seek, vermillion rotation, green transfer (the ring on the toy disk takes the same colours); the vertical line is now.',
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

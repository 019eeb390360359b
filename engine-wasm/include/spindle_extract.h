/*
 * spindle_extract.h — track-aligned extents (Schindler et al., FAST 2002): copying a disk and extracting its track boundaries by timing.
 * An extension of the engine (engine-wasm/src/ext/): it drives a sim through
 * the core's public API (spindle.h) and keeps its state in a slot of the sim.
 */
#ifndef SPINDLE_EXTRACT_H
#define SPINDLE_EXTRACT_H

#include "spindle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Track-aligned extents (traxtent.c) ----------------------------------------------- */

/* Copies disk `disk` of `src` (committed) into `dst` as a new disk with the
 * same parameters, zones, defects and seek table, and commits it. Returns the
 * new disk's index or a negative status. Two sims of one disk run side by side. */
int32_t   sp_disk_copy(sp_sim *dst, const sp_sim *src, int32_t disk);

/* Track-boundary extraction, the general algorithm of the track-aligned
 * extents paper (section 4.1), run against a disk as a black box: it issues
 * reads to a private copy of the disk (read cache off, as a real extractor
 * sets the caching mode page) and sees only when each request was issued and
 * when it completed — never the layout. It measures the revolution time, finds
 * the rotational phase of a sector by timing 1-sector reads issued at chosen
 * phases, tells whether an LBN lies on the same track as an anchor (it then
 * arrives exactly where the sector pitch predicts, with no head switch), and
 * confirms each boundary by a discontinuity: a 2-sector read across it costs a
 * head switch more than one inside a track. A run of adjacent slipped slots
 * delays the second sector as much; a step of a length not yet seen at a
 * boundary in the zone is told apart by a 1-sector read issued just before the
 * phase the step predicts, with the head back on the first sector's track: it
 * is on time only inside the track (a head switch makes it miss). A run
 * exactly as long as a boundary's step already seen in the zone is taken for a
 * boundary. The common case (the next track
 * holds as many LBNs as the last) is verified with two probes; zone starts and
 * tracks with slipped defects fall back to a binary search.
 * Probes are 1 or 2 sectors, so neither zero-latency access nor a bus slower
 * than the media hides a boundary. Assumes a head switch lasts longer than
 * about three sector times (true of every real disk). Remapped defects are not
 * handled: an LBN remapped off its track looks like a track of its own. */
typedef struct sp_extractor sp_extractor;

enum {                          /* why the extractor issued a request (sp_probe.kind) */
  SP_PROBE_PARK = 0,            /* put the head on the anchor's track (not timed) */
  SP_PROBE_SPIN = 1,            /* measure the revolution time */
  SP_PROBE_PHASE = 2,           /* binary search for a sector's rotational phase */
  SP_PROBE_CHECK = 3,           /* 1 sector: is this LBN on the anchor's track? */
  SP_PROBE_JUMP = 4,            /* 2 sectors: is there a boundary between them? */
  SP_PROBE_SWITCH = 5           /* 1 sector across a boundary: does a lead this short catch it? */
};

typedef struct sp_probe {       /* 32 bytes */
  int64_t lbn;
  int32_t sectors, kind;
  double  issue_ms, response_ms; /* simulated issue time, completion - issue */
} sp_probe;

typedef struct sp_extract_report { /* 96 bytes */
  int64_t first_lbn, end_lbn;   /* the region searched: [first, end) */
  int64_t cursor;               /* start of the track being sought (end when done) */
  int64_t boundaries;           /* track starts found in (first, end) */
  int64_t requests;             /* every request issued, parks included */
  int64_t shortcuts;            /* tracks confirmed by the same-size shortcut */
  int64_t searches;             /* tracks that needed the binary search */
  int64_t anomalies;            /* searches that had to re-anchor or re-measure */
  double  sim_ms;               /* simulated time the extraction took */
  double  rev_ms;               /* the revolution time it measured */
  int32_t done;                 /* 1: the region is finished */
  int32_t spt;                  /* physical sectors per track it measured last */
  int32_t failed;               /* 1: gave up (message in sp_error of the source sim) */
  int32_t pad;
} sp_extract_report;

/* Starts an extraction of the track boundaries in [first_lbn, first_lbn+lbns)
 * (lbns = 0: to the end) of disk `disk` (committed). NULL if out of memory or
 * the arguments are bad (then sp_error(sim) says why). */
sp_extractor *sp_extract_new(sp_sim *sim, int32_t disk, int64_t first_lbn, int64_t lbns);
/* Lifetimes: an extractor keeps its own copy of the disk and uses its source
 * sim only to report failures. Free it before the sim when you can. If the sim
 * is freed first, the extractor is detached: sp_extract_step returns
 * SP_E_STATE (it never touches the freed sim), the report, boundaries and
 * probes stay readable, and sp_extract_free must still be called to free it. */
/* Finds up to max_tracks more boundaries; SP_MORE while the region is not
 * finished, SP_OK when it is. The probes issued by this call are in
 * sp_extract_probes (up to the last 65536 of the call). */
sp_status sp_extract_step(sp_extractor *ex, int32_t max_tracks);
sp_status sp_extract_report_get(const sp_extractor *ex, sp_extract_report *out);
/* The head switch time and the skew (Atropos's H: sectors of rotation from a
 * track's last LBN to the next track's first), measured from timings at the
 * first boundaries found (up to 8; at least one needed: step first): the
 * shortest switch seen (a cylinder switch is longer) and the most frequent
 * skew. Measured once, on the first call (its probes replace the probe list);
 * then the same values. SP_E_STATE before any boundary. */
sp_status sp_extract_switch(sp_extractor *ex, double *head_switch_ms, double *skew_sectors);
const int64_t *sp_extract_boundaries(const sp_extractor *ex);   /* ascending track starts */
int64_t   sp_extract_boundary_count(const sp_extractor *ex);
const sp_probe *sp_extract_probes(const sp_extractor *ex);
int32_t   sp_extract_probe_count(const sp_extractor *ex);
void      sp_extract_free(sp_extractor *ex);

#ifdef __cplusplus
}
#endif
#endif

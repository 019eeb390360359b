/*
 * lookup.h — lookup tables built from a committed disk's layout (layout.c),
 * for the hot paths: the LBN-to-track index behind layout_track_of, and the
 * seek-time floor and the shortest sector time SPTF prunes with (sched.c).
 */
#ifndef SPINDLE_LOOKUP_H
#define SPINDLE_LOOKUP_H

#include "engine.h"

/* floor[k] <= mech_seek(d, k') for every k' in [k, cylinders - 1] (the suffix
 * minimum of the seek curve or table, rounded down), so floor[] never
 * decreases; floor[0] = 0. Built on first use and again whenever a disk
 * parameter has changed since (the curve's parameters may change after
 * commit). NULL if out of memory (the caller then does without). */
const float *layout_seek_floor(const disk *d);

/* The most sectors per track of any zone (the layout's zones, fixed once
 * committed): no sector passes under the head faster than rev_ms / this. */
int32_t layout_max_spt(const disk *d);

#endif

/*
 * params.h — the one table of the engine's scalar parameters.
 *
 * Each row is X(ENUM_SUFFIX, "snake_name", default, lo, hi, whole):
 *  - ENUM_SUFFIX names the enum member (SP_DP_ / SP_WP_ + suffix in spindle.h);
 *  - "snake_name" is the name error messages and sp_param_info use;
 *  - default is the value a new disk or sim starts with;
 *  - [lo, hi] is the accepted range; whole = 1: the value must be a whole number.
 * Rows are in enum order (sim.c checks this at compile time), so row i is
 * parameter i. sim.c builds its defaults, names and range checks from these
 * rows, and sp_param_info_get hands them to embedders (the TypeScript binding,
 * preset schema and editor read them instead of repeating them).
 *
 * A table of host parameters (SP_TABLE_HOST) is written the same way as
 * SP_HOST_PARAMS(X) with SP_HP_ enum members; sim.c exposes it when defined.
 */
#ifndef SPINDLE_PARAMS_H
#define SPINDLE_PARAMS_H

#include "spindle.h"

/* Disk parameters (sp_disk_set). -1 defaults mean "derived": see spindle.h. */
#define SP_DISK_PARAMS(X)                                                        \
  X(SURFACES,               "surfaces",                1,    1, SP_MAX_SURFACES, 1) \
  X(SECTOR_BYTES,           "sector_bytes",          512,    1, 1 << 20, 1)    \
  X(RPM,                    "rpm",                  5400,    1, 1e6, 0)        \
  X(SEEK_MODEL,             "seek_model",  SP_SEEK_CURVE,    0, 1, 1)          \
  X(SEEK_A,                 "seek_a",                  0,    0, 1e4, 0)        \
  X(SEEK_B,                 "seek_b",                  0,    0, 1e4, 0)        \
  X(SEEK_C,                 "seek_c",                  0,    0, 1e4, 0)        \
  X(SEEK_E,                 "seek_e",                  0,    0, 1e4, 0)        \
  X(SEEK_BOUNDARY,          "seek_boundary",           0,    0, SP_MAX_CYLINDERS, 0) \
  X(WRITE_SETTLE_MS,        "write_settle_ms",         0, -1e4, 1e4, 0)        \
  X(HEAD_SWITCH_MS,         "head_switch_ms",          0,    0, 1e4, 0)        \
  X(CYL_SWITCH_MS,          "cyl_switch_ms",          -1,   -1, 1e4, 0)        \
  X(ZERO_LATENCY,           "zero_latency",            0,    0, 1, 1)          \
  X(READ_OVERHEAD_MS,       "read_overhead_ms",        0,    0, 1e4, 0)        \
  X(WRITE_OVERHEAD_MS,      "write_overhead_ms",       0,    0, 1e4, 0)        \
  X(READ_HIT_OVERHEAD_MS,   "read_hit_overhead_ms",   -1,   -1, 1e4, 0)        \
  X(WRITE_HIT_OVERHEAD_MS,  "write_hit_overhead_ms",  -1,   -1, 1e4, 0)        \
  X(BUS_MS_PER_SECTOR,      "bus_ms_per_sector",       0,    0, 1e4, 0)        \
  X(READ_FENCE_SECTORS,     "read_fence_sectors",      0,    0, 1 << 24, 1)    \
  X(CACHE_SEGMENTS,         "cache_segments",          0,    0, SP_MAX_CACHE_SEGMENTS, 1) \
  X(CACHE_SEGMENT_SECTORS,  "cache_segment_sectors",   0,    0, 1 << 24, 1)    \
  X(READ_AHEAD,             "read_ahead",     SP_RA_NONE,    0, 3, 1)          \
  X(WRITE_CACHE,            "write_cache",     SP_WC_OFF,    0, 1, 1)          \
  X(QUEUE_DEPTH,            "queue_depth",             1,    1, SP_MAX_QUEUE_DEPTH, 1) \
  X(SCHEDULER,              "scheduler",   SP_SCHED_FCFS,    0, SP_SCHED_COUNT - 1, 1) \
  X(READ_FENCE_FRACTION,    "read_fence_fraction",     0,    0, 1, 0)          \
  X(WRITE_BUS_MS_PER_SECTOR,"write_bus_ms_per_sector",-1,   -1, 1e4, 0)        \
  X(IMMEDIATE_RULE,         "immediate_rule", SP_IR_ALL,    0, 1, 1)          \
  X(READ_AHEAD_MAX_SECTORS, "read_ahead_max_sectors", -1,   -1, 1 << 24, 1)    \
  X(READ_OVERHEAD_AFTER_WRITE_MS,      "read_overhead_after_write_ms",      -1, -1, 1e4, 0) \
  X(WRITE_OVERHEAD_AFTER_WRITE_MS,     "write_overhead_after_write_ms",     -1, -1, 1e4, 0) \
  X(READ_HIT_OVERHEAD_AFTER_WRITE_MS,  "read_hit_overhead_after_write_ms",  -1, -1, 1e4, 0) \
  X(WRITE_HIT_OVERHEAD_AFTER_WRITE_MS, "write_hit_overhead_after_write_ms", -1, -1, 1e4, 0) \
  X(PRESEEK,                "preseek",                 1,    0, 1, 1) \
  X(INITIAL_ROTATION,       "initial_rotation",        0,    0, 1, 0)          \
  X(SCHED_GATHER,           "sched_gather",            0,    0, 1, 1)          \
  X(SCHED_WINDOW,           "sched_window",            0,    0, SP_MAX_QUEUE_DEPTH, 1) \
  X(SCHED_BATCH,            "sched_batch",             0,    0, 1, 1)          \
  X(SCHED_TIE_MS,           "sched_tie_ms",            0,    0, 1e4, 0)        \
  X(SSTF_SPTF,              "sstf_sptf",               0,    0, 1, 1)          \
  X(SPTF_ACCESS,            "sptf_access",             0,    0, 1, 1)          \
  X(CONSTANT_MS,            "constant_ms",            -1,   -1, 1e4, 0)        \
  X(SEEK_LINEAR,            "seek_linear",             0,    0, 1, 1)          \
  X(SEEK_SINGLE_MS,         "seek_single_ms",         -1,   -1, 1e4, 0)        \
  X(SEEK_FULL_MS,           "seek_full_ms",           -1,   -1, 1e4, 0)        \
  X(ROTATION_MODEL,         "rotation_model", SP_ROT_ABSOLUTE, 0, 1, 1)       \
  X(SWITCH_MODEL,           "switch_model", SP_SWITCH_EXACT, 0, 2, 1)        \
  X(SWITCH_FIXED_MS,        "switch_fixed_ms",         0,    0, 1e4, 0)        \
  X(LAYOUT_MODEL,           "layout_model", SP_LAYOUT_DETAILED, 0, 1, 1)     \
  X(TRANSFER_MODEL,         "transfer_model", SP_XFER_DETAILED, 0, 1, 1)    \
  X(DRIVER_QUEUE,           "driver_queue",            0,    0, 1, 1)          \
  X(READ_COMPLETION_MS,     "read_completion_ms",      0,    0, 1e4, 0)        \
  X(WRITE_COMPLETION_MS,    "write_completion_ms",     0,    0, 1e4, 0)        \
  X(SHARED_BUS,             "shared_bus",              0,    0, SP_MAX_DISKS, 1) \
  X(DATA_PREP_MS,           "data_prep_ms",            0,    0, 1e4, 0)        \
  X(WRITE_WATERMARK,        "write_watermark",         0,    0, 1, 0)        \
  X(READ_AHEAD_ON_HIT,      "read_ahead_on_hit",       0,    0, 1, 1)        \
  X(ZERO_LATENCY_WRITES,    "zero_latency_writes",     1,    0, 1, 1)          \
  X(MIN_WRITE_SEEK_MS,      "min_write_seek_ms",       0,    0, 1e4, 0)        \
  X(RESELECT_MS,            "reselect_ms",             0,    0, 1e4, 0)        \
  X(WRITE_DISCONNECT_MS,    "write_disconnect_ms",     0,    0, 1e4, 0)        \
  X(EXTRA_WRITE_DISCONNECT, "extra_write_disconnect",  0,    0, 1, 1)          \
  X(EXTRADISC_COMMAND_MS,   "extradisc_command_ms",    0,    0, 1e4, 0)        \
  X(EXTRADISC_SEEK_DELTA_MS, "extradisc_seek_delta_ms", 0,   0, 1e4, 0)        \
  X(EXTRADISC_DISCONNECT_MS, "extradisc_disconnect_ms", 0,   0, 1e4, 0)        \
  X(EXTRADISC_GAP_MS,       "extradisc_gap_ms",        0,    0, 1e4, 0)        \
  X(EXTRADISC_DISCONNECT2_MS, "extradisc_second_disconnect_ms", 0, 0, 1e4, 0) \
  X(RESELECT_OTHER_MS,      "reselect_other_ms",       0,    0, 1e4, 0)        \
  X(WRITE_SEGMENTS,         "write_segments",          0,    0, SP_MAX_CACHE_SEGMENTS, 1) \
  X(PARTIAL_HIT_IMMEDIATE,  "partial_hit_immediate",   0,    0, 1, 1)          \
  X(READ_AHEAD_STOP,        "read_ahead_stop", SP_RAS_DISPATCH, 0, 2, 1) \
  X(READ_HITS_ON_WRITES,    "read_hits_on_writes",     0,    0, 1, 1) \
  X(SPTF_DISKSIM,           "sptf_disksim",            0,    0, 1, 1) \
  X(READ_ANY_FREE,          "read_any_free",           0,    0, 1, 1)

/* Workload parameters (sp_workload_set). size_sectors may be fractional for
 * the exponential distribution only (sim.c checks that rule on top). The last
 * five shape the desktop pattern only (workload.c). */
#define SP_WORKLOAD_PARAMS(X)                                                    \
  X(ARRIVALS,               "arrivals",  SP_ARRIVE_CLOSED,   0, 1, 1)          \
  X(OUTSTANDING,            "outstanding",             1,    1, SP_MAX_IN_FLIGHT, 1) \
  X(THINK_MS,               "think_ms",                0,    0, 1e9, 0)        \
  X(RATE_PER_S,             "rate_per_s",            100, 1e-6, 1e9, 0)        \
  X(COUNT,                  "count",                   0,    0, 1e12, 1)       \
  X(PATTERN,                "pattern", SP_PATTERN_RANDOM,    0, 2, 1)          \
  X(SIZE_DIST,              "size_dist",   SP_SIZE_FIXED,    0, 2, 1)          \
  X(SIZE_SECTORS,           "size_sectors",            8,    1, 1 << 24, 0)    \
  X(SIZE_MAX_SECTORS,       "size_max_sectors",       -1,   -1, 1 << 24, 1)    \
  X(SIZE_TRACKS,            "size_tracks",             0,    0, 1024, 0)       \
  X(READ_FRACTION,          "read_fraction",           1,    0, 1, 0)          \
  X(REGION_FIRST_LBN,       "region_first_lbn",        0,    0, 9e15, 1)       \
  X(REGION_LBNS,            "region_lbns",             0,    0, 9e15, 1)       \
  X(ALIGN,                  "align",       SP_ALIGN_NONE,    0, 1, 1)          \
  X(BURST_REQUESTS,         "burst_requests",         16,    1, 1e9, 0)        \
  X(BURST_GAP_MS,           "burst_gap_ms",            2,    0, 1e9, 0)        \
  X(IDLE_MS,                "idle_ms",              1000,    0, 1e9, 0)        \
  X(NEAR_FRACTION,          "near_fraction",         0.5,    0, 1, 0)          \
  X(NEAR_SECTORS,           "near_sectors",         2048,    1, 1 << 30, 1)

/* Host parameters (sp_host_set): the volume, its policy and the host queue.
 * host.c checks one rule on top: LOOK (2) is not a host scheduler. */
#define SP_HOST_PARAMS(X)                                                        \
  X(POLICY,                 "policy",   SP_POLICY_IDENTITY,  0, SP_POLICY_COUNT - 1, 1) \
  X(FIRST_DEVICE,           "first_device",            0,    0, SP_MAX_DISKS - 1, 1) \
  X(DEVICES,                "devices",                 1,    1, SP_MAX_DISKS, 1) \
  X(STRIPE_SECTORS,         "stripe_sectors",          0,    0, 1 << 24, 1)    \
  X(STRIPE_TRACKS,          "stripe_tracks",           1,    1, 1024, 1)       \
  X(SCHEDULER,              "scheduler",   SP_SCHED_FCFS,    0, SP_SCHED_CLOOK, 1) \
  X(QUEUE_DEPTH,            "queue_depth",             0,    0, SP_MAX_IN_FLIGHT, 1) \
  X(BLOCK_SECTORS,          "block_sectors",           1,    1, SP_MAX_SECTORS_PER_TRACK, 1) \
  X(DEPTH,                  "depth",                   0,    0, SP_MAX_QUAD_DEPTH, 1) \
  X(ZONE,                   "zone",                   -1,   -1, SP_MAX_ZONES - 1, 1) \
  X(FIRST_TRACK,            "first_track",             0,    0, SP_MAX_TRACKS - 1, 1) \
  X(TRACKS,                 "tracks",                  0,    0, SP_MAX_TRACKS, 1) \
  X(PRESCHEDULE,            "preschedule", SP_PRESCHED_LINKED, 0, 2, 1) \
  X(FLASH_DEVICE,           "flash_device",           -1,   -1, SP_MAX_DISKS - 1, 1) \
  X(ESTIMATOR,              "estimator",     SP_EST_MIMIC,   0, 2, 1)          \
  X(HIGH_WATERMARK,         "high_watermark",          1,    0, 1, 0)          \
  X(LOW_WATERMARK,          "low_watermark",         0.9,    0, 1, 0)          \
  X(IDLE_PURGE,             "idle_purge",              1,    0, 1, 1)        \
  X(FAILED_DEVICE,          "failed_device",          -1,   -1, SP_MAX_DISKS - 1, 1) \
  X(RMW_FRACTION,           "rmw_fraction",          0.5,    0, 1, 0)        \
  X(DEVICE_QUEUE,           "device_queue",            0,    0, 1, 1)

/* Flash device parameters (sp_flash_set). Timing defaults are ESTIMATED (fitted
 * to the surviving axis ranges of Bisson & Brandt's Fig. 2; the values were
 * lost), the erase block is a typical large-block NAND size of the era,
 * estimated; endurance and pin cost are the paper's (100,000; "microseconds"). */
#define SP_FLASH_PARAMS(X)                                                       \
  X(CAPACITY_SECTORS,       "capacity_sectors",   163840,    0, 2147483647, 1) \
  X(SECTOR_BYTES,           "sector_bytes",          512,    1, 1 << 20, 1)    \
  X(READ_MS,                "read_ms",               0.4,    0, 1e4, 0)        \
  X(READ_MS_PER_KB,         "read_ms_per_kb",        0.1,    0, 1e4, 0)        \
  X(WRITE_MS,               "write_ms",              2.0,    0, 1e4, 0)        \
  X(WRITE_MS_PER_KB,        "write_ms_per_kb",     0.045,    0, 1e4, 0)        \
  X(WRITE_FACTOR,           "write_factor",            1, 0.01, 100, 0)        \
  X(PIN_MS,                 "pin_ms",              0.005,    0, 1e4, 0)        \
  X(ERASE_BLOCK_BYTES,      "erase_block_bytes",  131072,  512, 1 << 30, 1)    \
  X(ENDURANCE,              "endurance",          100000,    1, 1e12, 0)       \
  X(ERASE_MODE,             "erase_mode", SP_ERASE_PER_WRITE, 0, 1, 1)


/* Shingled drive parameters (sp_smr_set). The defaults are a small teaching
 * drive; the presets carry real drives' values with their sources. */
#define SP_SMR_PARAMS(X)                                                         \
  X(MODE,                   "mode",  SP_SMR_DRIVE_MANAGED,   1, 2, 1)          \
  X(BAND_TRACKS,            "band_tracks",            64,    1, SP_MAX_TRACKS, 1) \
  X(GUARD_TRACKS,           "guard_tracks",            1,    0, 1024, 1)       \
  X(CONVENTIONAL_TRACKS,    "conventional_tracks",    64,    0, SP_MAX_TRACKS, 1) \
  X(CLEAN_IDLE_MS,          "clean_idle_ms",        1000,   -1, 1e9, 0)

#endif

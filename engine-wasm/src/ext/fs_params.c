/*
 * fs_params.c — the file-system reorganization experiment's parameter table
 * (SP_TABLE_FS), which the core's sp_param_info_get lists with its own.
 */
#include "engine.h"
#include "spindle_fs.h"

/* The file-system reorganization experiment (sp_fs_set, SP_TABLE_FS; fsexp.c). Defaults are
 * the paper's where it gives one (spindle_fs.h says which are estimated). */
#define SP_FS_PARAMS(X)                                                          \
  X(ENABLED,                "enabled",                 0,    0, 1, 1)          \
  X(PARTITION_FIRST,        "partition_first",         0,    0, 9e15, 1)       \
  X(PARTITION_BLOCKS,       "partition_blocks",        0,    0, 134217728, 1)  \
  X(BLOCKS_PER_GROUP,       "blocks_per_group",    32768,  256, 1048576, 1)    \
  X(INODES_PER_GROUP,       "inodes_per_group",     8192,   32, 1048576, 1)    \
  X(FILES_PER_COPY,         "files_per_copy",       6000,    1, SP_MAX_FS_FILES, 1) \
  X(COPIES,                 "copies",                 20,    1, 100000, 1)     \
  X(COPY_MB,                "copy_mb",                75, 1e-6, 1e6, 0)        \
  X(SIZE_SIGMA,             "size_sigma",              2,    0, 10, 0)         \
  X(MIN_BYTES,              "min_bytes",               6,    1, 1073741824, 1) \
  X(MAX_BYTES,              "max_bytes",         1048576,    1, 1073741824, 1) \
  X(ZIPF,                   "zipf",                    1,    0, 10, 0)         \
  X(CLASSES,                "classes",                 5,    1, 1000, 1)       \
  X(MAX_DEPTH,              "max_depth",               4,    1, 64, 1)         \
  X(CLIENTS,                "clients",                16,    1, 4096, 1)       \
  X(THINK_MS,               "think_ms",                0,    0, 1e9, 0)        \
  X(CACHE_MB,               "cache_mb",              400,    0, 1e6, 0)        \
  X(NET_MBPS,               "net_mbps",                0,    0, 1e6, 0)        \
  X(CPU_MS,                 "cpu_ms",               0.05, 0.001, 1e4, 0)       \
  X(EPOCH_MS,               "epoch_ms",           300000,    1, 1e9, 0)        \
  X(POLICY,                 "policy",  SP_FS_POLICY_NONE,    0, SP_FS_POLICY_COUNT - 1, 1) \
  X(LOG_LIMIT_BYTES,        "log_limit_bytes",       5e6,   32, 1e12, 1)       \
  X(LOG_MS,                 "log_ms",              1.8e6,    1, 1e12, 0)       \
  X(MOVE_MS,                "move_ms",                 0,    0, 1e12, 0)       \
  X(CYCLE_MS,               "cycle_ms",                0,    0, 1e12, 0)       \
  X(REGION_SLACK,           "region_slack",          1.1,    1, 100, 0)        \
  X(NEAR_GROUPS,            "near_groups",             1,    0, SP_MAX_FS_GROUPS, 1)


#define SP_ROW(e, name, def, lo, hi, whole) { name, def, lo, hi, whole },
const param_row fs_param_rows[] = { SP_FS_PARAMS(SP_ROW) };
#undef SP_ROW
const int32_t fs_param_count = SP_FSP_COUNT;

/* Row i must be parameter i: every row's position is checked against its enum. */
#define FSP_POS(e, ...) fsp_pos_##e,
#define FSP_CHECK(e, ...) _Static_assert((int)fsp_pos_##e == (int)SP_FSP_##e, "fs_params.c: row " #e " is out of enum order");
enum { SP_FS_PARAMS(FSP_POS) FSP_ROW_COUNT };
SP_FS_PARAMS(FSP_CHECK)
_Static_assert((int)FSP_ROW_COUNT == (int)SP_FSP_COUNT, "fs_params.c: one row per fs parameter");

/*
 * constants_ts.c — prints the engine's public constants as a TypeScript
 * module (build/constants.ts), so the TypeScript side never types a code,
 * an enum member or a cap by hand:
 *
 *   - the parameter codes (DiskParam, WorkloadParam, HostParam, FlashParam,
 *     FsParam): one member per row of the engine's parameter table, named
 *     after the row (sp_param_info_get: "head_switch_ms" -> HeadSwitchMs),
 *     so a parameter has the one name the engine gives it;
 *   - every other public enum, listed below by its C names: a member's
 *     TypeScript name is its C name without the prefix, in PascalCase
 *     (SP_RA_TRACK_END -> ReadAhead.TrackEnd), and its word is the same in
 *     lower case joined by '-' ("track-end": what setups, presets and links
 *     write; WORDS in the output);
 *   - the caps (SP_MAX_* -> Limits, camelCase) and single constants
 *     (SP_API_VERSION -> API_VERSION).
 *
 * The values are the C compiler's, read from the public headers (every one
 * in include/ is included below): the lists below hold names only. An enum
 * that ends in a count is checked to be listed whole, and a parameter enum's
 * count must equal its table's rows.
 * Built and run by `make -C engine-wasm constants`; a build output, never
 * committed.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "spindle.h"
#include "spindle_extract.h"
#include "spindle_fs.h"
#include "spindle_table2d.h"

typedef struct { const char *c; long long v; } member;
#define M(name) { #name, (long long)(name) }
#define N(a) (sizeof a / sizeof a[0])

/* ---- the lists: C names only ------------------------------------------ */

static const member STATUS[] = { M(SP_OK), M(SP_MORE), M(SP_E_INVALID), M(SP_E_RANGE), M(SP_E_NOMEM), M(SP_E_STATE), M(SP_E_LIMIT) };
static const member TABLE[] = { M(SP_TABLE_DISK), M(SP_TABLE_WORKLOAD), M(SP_TABLE_HOST), M(SP_TABLE_FLASH), M(SP_TABLE_FS), M(SP_TABLE_SMR) };
static const member SEEK[] = { M(SP_SEEK_CURVE), M(SP_SEEK_TABLE) };
static const member ROT[] = { M(SP_ROT_ABSOLUTE), M(SP_ROT_UNIFORM) };
static const member SWITCH[] = { M(SP_SWITCH_EXACT), M(SP_SWITCH_FIXED), M(SP_SWITCH_NONE) };
static const member LAYOUT[] = { M(SP_LAYOUT_DETAILED), M(SP_LAYOUT_SIMPLE) };
static const member XFER[] = { M(SP_XFER_DETAILED), M(SP_XFER_LINEAR) };
static const member RA[] = { M(SP_RA_NONE), M(SP_RA_TRACK_END), M(SP_RA_CONTINUE), M(SP_RA_TRACK_ADAPTIVE) };
static const member WC[] = { M(SP_WC_OFF), M(SP_WC_IMMEDIATE) };
static const member IR[] = { M(SP_IR_ALL), M(SP_IR_SEQUENTIAL) };
static const member SCHED[] = { M(SP_SCHED_FCFS), M(SP_SCHED_SSTF), M(SP_SCHED_LOOK), M(SP_SCHED_CLOOK), M(SP_SCHED_SPTF), M(SP_SCHED_COUNT) };
static const member SPARE[] = { M(SP_SPARE_NONE), M(SP_SPARE_SECTORS_PER_TRACK), M(SP_SPARE_SECTORS_PER_CYLINDER),
                                M(SP_SPARE_SECTORS_PER_ZONE), M(SP_SPARE_TRACKS_PER_ZONE) };
static const member DEFECT[] = { M(SP_DEFECT_SLIP), M(SP_DEFECT_REMAP) };
static const member ZP[] = { M(SP_ZP_FIRST_BLOCK_OFFSET), M(SP_ZP_FRONT_SPACE_SECTORS), M(SP_ZP_SPARE_RANGE_CYLINDERS), M(SP_ZP_COUNT) };
static const member DEV[] = { M(SP_DEV_DISK), M(SP_DEV_FLASH), M(SP_DEV_SMR) };
static const member SMR_MODE[] = { M(SP_SMR_DRIVE_MANAGED), M(SP_SMR_HOST_MANAGED) };
static const member RQ[] = { M(SP_RQ_OK), M(SP_RQ_UNALIGNED_WRITE), M(SP_RQ_WRITE_BOUNDARY) };
static const member ZONE_TYPE[] = { M(SP_ZONE_CONVENTIONAL), M(SP_ZONE_SEQ_REQUIRED), M(SP_ZONE_BAND) };
static const member ZONE_COND[] = { M(SP_ZC_NOT_WP), M(SP_ZC_EMPTY), M(SP_ZC_IMPLICIT_OPEN), M(SP_ZC_EXPLICIT_OPEN),
                                    M(SP_ZC_CLOSED), M(SP_ZC_FULL) };
static const member ZONE_ACTION[] = { M(SP_ZA_OPEN), M(SP_ZA_CLOSE), M(SP_ZA_FINISH), M(SP_ZA_RESET) };
static const member ERASE[] = { M(SP_ERASE_PER_WRITE), M(SP_ERASE_IDEAL_LOG) };
static const member ARRIVE[] = { M(SP_ARRIVE_CLOSED), M(SP_ARRIVE_OPEN) };
static const member PATTERN[] = { M(SP_PATTERN_RANDOM), M(SP_PATTERN_SEQUENTIAL), M(SP_PATTERN_DESKTOP) };
static const member SIZE[] = { M(SP_SIZE_FIXED), M(SP_SIZE_UNIFORM), M(SP_SIZE_EXPONENTIAL) };
static const member ALIGN[] = { M(SP_ALIGN_NONE), M(SP_ALIGN_TRACK) };
static const member SUBMIT[] = { M(SP_SUBMIT_WRITE), M(SP_SUBMIT_LINKED), M(SP_SUBMIT_SEMISEQ), M(SP_SUBMIT_AFTER_PREVIOUS) };
static const member POLICY[] = { M(SP_POLICY_IDENTITY), M(SP_POLICY_STRIPE), M(SP_POLICY_QUADRANGLE), M(SP_POLICY_NVCACHE),
                                 M(SP_POLICY_RAID4), M(SP_POLICY_RAID5),
                                 M(SP_POLICY_COUNT) };
static const member EST[] = { M(SP_EST_MIMIC), M(SP_EST_EXPECTED), M(SP_EST_EXACT) };
static const member PRESCHED[] = { M(SP_PRESCHED_LINKED), M(SP_PRESCHED_ON), M(SP_PRESCHED_OFF) };
static const member T2D[] = { M(SP_T2D_ATROPOS), M(SP_T2D_NAIVE_COLUMN), M(SP_T2D_NAIVE_ROW), M(SP_T2D_COUNT) };
static const member EV[] = {
  M(SP_EV_ARRIVE), M(SP_EV_QUEUE_HOST), M(SP_EV_QUEUE_DISK), M(SP_EV_DISPATCH), M(SP_EV_OVERHEAD), M(SP_EV_SEEK),
  M(SP_EV_ROTATE), M(SP_EV_TRANSFER), M(SP_EV_HEAD_SWITCH), M(SP_EV_CYL_SWITCH), M(SP_EV_BUS), M(SP_EV_CACHE_HIT),
  M(SP_EV_READ_AHEAD), M(SP_EV_COMPLETE), M(SP_EV_DESTAGE), M(SP_EV_HOST_ARRIVE), M(SP_EV_HOST_QUEUE),
  M(SP_EV_HOST_ISSUE), M(SP_EV_HOST_COMPLETE), M(SP_EV_FLASH_READ), M(SP_EV_FLASH_WRITE), M(SP_EV_REDIRECT),
  M(SP_EV_FQ_ADD), M(SP_EV_FQ_REMOVE), M(SP_EV_FQ_WRITEBACK), M(SP_EV_FLUSH), M(SP_EV_FS_OPEN), M(SP_EV_FS_MISS),
  M(SP_EV_REORG_PHASE), M(SP_EV_REORG_MOVE), M(SP_EV_EPOCH),
  M(SP_EV_MC_APPEND), M(SP_EV_BAND_CLEAN), M(SP_EV_ZONE_WP), M(SP_EV_ZONE_REFUSED), M(SP_EV_KIND_COUNT),
};
static const member PROBE[] = { M(SP_PROBE_PARK), M(SP_PROBE_SPIN), M(SP_PROBE_PHASE), M(SP_PROBE_CHECK), M(SP_PROBE_JUMP),
                                M(SP_PROBE_SWITCH) };
static const member FS_POLICY[] = { M(SP_FS_POLICY_NONE), M(SP_FS_POLICY_CENTRE), M(SP_FS_POLICY_COMPRESS),
                                    M(SP_FS_POLICY_SEQUENCES), M(SP_FS_POLICY_MTIME), M(SP_FS_POLICY_COUNT) };
static const member FS_PHASE[] = { M(SP_FS_PHASE_BASELINE), M(SP_FS_PHASE_LOGGING), M(SP_FS_PHASE_PLACEMENT),
                                   M(SP_FS_PHASE_MOVING), M(SP_FS_PHASE_STEADY) };

typedef struct {
  const char *name, *prefix, *doc;
  const member *m;
  size_t n;
} group;
#define G(name, prefix, doc, arr) { name, prefix, doc, arr, N(arr) }

/* Status is the one enum whose members have two prefixes: SP_E_ first, so SP_E_RANGE is Range. */
static const group ENUMS[] = {
  G("Status", "SP_E_|SP_", "sp_status codes", STATUS),
  G("ParamTable", "SP_TABLE_", "the parameter tables sp_param_info_get reads (Engine.paramTable)", TABLE),
  G("SeekModel", "SP_SEEK_", "disk parameter seek_model", SEEK),
  G("RotationModel", "SP_ROT_", "disk parameter rotation_model", ROT),
  G("SwitchModel", "SP_SWITCH_", "disk parameter switch_model", SWITCH),
  G("LayoutModel", "SP_LAYOUT_", "disk parameter layout_model", LAYOUT),
  G("TransferModel", "SP_XFER_", "disk parameter transfer_model", XFER),
  G("ReadAhead", "SP_RA_", "disk parameter read_ahead", RA),
  G("WriteCache", "SP_WC_", "disk parameter write_cache", WC),
  G("ImmediateRule", "SP_IR_", "disk parameter immediate_rule", IR),
  G("Scheduler", "SP_SCHED_", "disk and host parameter scheduler", SCHED),
  G("SpareKind", "SP_SPARE_", "a zone's sparing (sp_disk_add_zone)", SPARE),
  G("DefectPolicy", "SP_DEFECT_", "a defect's handling (sp_disk_add_defect)", DEFECT),
  G("ZoneParam", "SP_ZP_", "per-zone layout parameters (sp_disk_set_zone)", ZP),
  G("DeviceKind", "SP_DEV_", "device kinds (a flash device comes from sp_flash_add, a shingled drive from sp_smr_add)", DEV),
  G("EraseMode", "SP_ERASE_", "flash parameter erase_mode", ERASE),
  G("SmrMode", "SP_SMR_", "smr parameter mode (a shingled drive comes from sp_smr_add)", SMR_MODE),
  G("RequestStatus", "SP_RQ_", "sp_result.status: done, or a shingled drive's refusal", RQ),
  G("ZoneType", "SP_ZONE_", "sp_zone.type", ZONE_TYPE),
  G("ZoneCond", "SP_ZC_", "sp_zone.cond (ZBC's zone conditions)", ZONE_COND),
  G("ZoneAction", "SP_ZA_", "sp_zone_action's action", ZONE_ACTION),
  G("Arrivals", "SP_ARRIVE_", "workload parameter arrivals", ARRIVE),
  G("Pattern", "SP_PATTERN_", "workload parameter pattern", PATTERN),
  G("SizeDist", "SP_SIZE_", "workload parameter size_dist", SIZE),
  G("Align", "SP_ALIGN_", "workload parameter align", ALIGN),
  G("SubmitFlag", "SP_SUBMIT_", "flags of sp_submit / sp_request_submit", SUBMIT),
  G("Policy", "SP_POLICY_", "host parameter policy: how the host maps the volume to devices", POLICY),
  G("Estimator", "SP_EST_", "host parameter estimator (the nvcache policy's ACCESS_TIME)", EST),
  G("Presched", "SP_PRESCHED_", "host parameter preschedule", PRESCHED),
  G("Table2dLayout", "SP_T2D_", "2-D table layouts (sp_table2d_set)", T2D),
  G("EventKind", "SP_EV_", "the kind field of an sp_event", EV),
  G("ProbeKind", "SP_PROBE_", "why the track-boundary extractor issued a request (sp_probe.kind)", PROBE),
  G("FsPolicy", "SP_FS_POLICY_", "fs parameter policy: the reorganizer's placement policies", FS_POLICY),
  G("FsPhase", "SP_FS_PHASE_", "the reorganizer's phases (sp_fs_epoch.phase)", FS_PHASE),
};

/* The parameter enums: members from the table's rows; the C name of the count that ends the enum. */
static const struct { const char *name, *prefix; int32_t table; member count; } PARAMS[] = {
  { "DiskParam", "SP_DP_", SP_TABLE_DISK, M(SP_DP_COUNT) },
  { "WorkloadParam", "SP_WP_", SP_TABLE_WORKLOAD, M(SP_WP_COUNT_PARAMS) },
  { "HostParam", "SP_HP_", SP_TABLE_HOST, M(SP_HP_COUNT) },
  { "FlashParam", "SP_FP_", SP_TABLE_FLASH, M(SP_FP_COUNT) },
  { "FsParam", "SP_FSP_", SP_TABLE_FS, M(SP_FSP_COUNT) },
  { "SmrParam", "SP_SMP_", SP_TABLE_SMR, M(SP_SMP_COUNT) },
};

static const member LIMITS[] = {
  M(SP_MAX_DISKS), M(SP_MAX_ZONES), M(SP_MAX_SURFACES), M(SP_MAX_CYLINDERS), M(SP_MAX_TRACKS),
  M(SP_MAX_SECTORS_PER_TRACK), M(SP_MAX_DEFECTS), M(SP_MAX_SEEK_POINTS), M(SP_MAX_QUEUE_DEPTH), M(SP_MAX_IN_FLIGHT),
  M(SP_MAX_SUBMITTED), M(SP_MAX_CHUNK), M(SP_MAX_CACHE_SEGMENTS), M(SP_MAX_WORK_PER_RUN), M(SP_MAX_PENDING_EVENTS),
  M(SP_MAX_TIME_MS), M(SP_MAX_PIECES), M(SP_MAX_QUAD_DEPTH), M(SP_MAX_DECISIONS), M(SP_MAX_FS_FILES),
  M(SP_MAX_FS_GROUPS), M(SP_MAX_FS_EPOCHS),
};

static const member SINGLES[] = { M(SP_API_VERSION), M(SP_HOST), M(SP_HOST_WRITES), M(SP_FS_SEEK_BINS) };

/* ---- printing ---------------------------------------------------------- */

typedef enum { PASCAL, CAMEL, WORD } style;

/* A C name's part after its prefix ("SP_E_|SP_": the first that matches), or NULL. */
static const char *suffix(const char *c, const char *prefixes) {
  for (const char *p = prefixes; *p;) {
    size_t len = strcspn(p, "|");
    if (strncmp(c, p, len) == 0) return c + len;
    p += len + (p[len] == '|');
  }
  return NULL;
}

/* "TRACK_END" or "track_end" as TrackEnd, trackEnd or track-end. */
static void print_name(const char *s, style st) {
  int start = 1, first = 1;
  for (; *s; s++) {
    if (*s == '_') { start = 1; if (st == WORD) putchar('-'); continue; }
    int up = start && !(st == CAMEL && first) && st != WORD;
    putchar(up ? toupper((unsigned char)*s) : tolower((unsigned char)*s));
    start = 0, first = 0;
  }
}

/* Does the enum end in a count (SP_SCHED_COUNT), which is no member's word? */
static int ends_in_count(const group *g) {
  return strstr(g->m[g->n - 1].c, "COUNT") != NULL;
}

/*
 * Closes an enum printed as a plain object, and names the type of its codes.
 * Not a TypeScript enum: that compiles to a name-from-code map besides the
 * codes, which every script that imports the constants would carry.
 */
static void print_enum_end(const char *name) {
  printf("} as const;\nexport type %s = (typeof %s)[keyof typeof %s];\n", name, name, name);
}

static int print_enum(const group *g) {
  for (size_t i = 0; i < g->n; i++) {
    if (!suffix(g->m[i].c, g->prefix)) {
      fprintf(stderr, "constants_ts: %s does not start with %s\n", g->m[i].c, g->prefix);
      return 1;
    }
  }
  /* An enum ending in a count must be listed whole: its members are first .. count - 1. */
  if (ends_in_count(g)) {
    for (size_t i = 0; i < g->n; i++) {
      if (g->m[i].v != g->m[0].v + (long long)i) {
        fprintf(stderr, "constants_ts: %s: %s is %lld, expected %lld (a member is missing from the list)\n",
                g->name, g->m[i].c, g->m[i].v, g->m[0].v + (long long)i);
        return 1;
      }
    }
  }
  printf("\n/** %s (%s*). */\nexport const %s = {\n", g->doc, g->prefix, g->name);
  for (size_t i = 0; i < g->n; i++) {
    printf("  ");
    print_name(suffix(g->m[i].c, g->prefix), PASCAL);
    printf(": %lld,\n", g->m[i].v);
  }
  print_enum_end(g->name);
  return 0;
}

static int print_param_enum(size_t k) {
  sp_param_info info;
  const int32_t t = PARAMS[k].table;
  if (sp_param_info_get(t, 0, &info) != SP_OK || info.count != PARAMS[k].count.v) {
    fprintf(stderr, "constants_ts: %s: table %d has %d rows, %s is %lld\n", PARAMS[k].name, (int)t, (int)info.count,
            PARAMS[k].count.c, PARAMS[k].count.v);
    return 1;
  }
  size_t name = 0;
  while (name < N(TABLE) - 1 && TABLE[name].v != t) name++;
  printf("\n/** The ");
  print_name(suffix(TABLE[name].c, "SP_TABLE_"), WORD);
  printf(" table's parameters (%s*), in row order: row i of sp_param_info_get is parameter i. */\n"
         "export const %s = {\n", PARAMS[k].prefix, PARAMS[k].name);
  for (int32_t i = 0; i < info.count; i++) {
    sp_param_info row;
    if (sp_param_info_get(t, i, &row) != SP_OK) return 1;
    printf("  ");
    print_name(row.name, PASCAL);
    printf(": %d,\n", (int)i);
  }
  printf("  ");
  print_name(suffix(PARAMS[k].count.c, PARAMS[k].prefix), PASCAL);
  printf(": %lld,\n", PARAMS[k].count.v);
  print_enum_end(PARAMS[k].name);
  return 0;
}

static void print_words(void) {
  printf("\n/**\n * Each enum member's word, as setups, presets and links write it (SP_RA_TRACK_END:\n"
         " * \"track-end\"), with its code; in the enum's order, without a closing count.\n */\nexport const WORDS = {\n");
  for (size_t g = 0; g < N(ENUMS); g++) {
    printf("  %s: {", ENUMS[g].name);
    for (size_t i = 0; i < ENUMS[g].n - (size_t)ends_in_count(&ENUMS[g]); i++) {
      printf("%s'", i ? ", " : " ");
      print_name(suffix(ENUMS[g].m[i].c, ENUMS[g].prefix), WORD);
      printf("': %lld", ENUMS[g].m[i].v);
    }
    printf(" },\n");
  }
  printf("} as const;\n");
}

int main(void) {
  printf("/* build/constants.ts: the engine's public constants, printed by engine-wasm/tools/constants_ts.c\n"
         " * from the C headers (make -C engine-wasm constants). Generated: do not edit. */\n");
  for (size_t k = 0; k < N(PARAMS); k++) if (print_param_enum(k)) return 1;
  for (size_t g = 0; g < N(ENUMS); g++) if (print_enum(&ENUMS[g])) return 1;
  print_words();
  printf("\n/** SP_MAX_*: caps the engine enforces with SP_E_LIMIT. */\nexport const Limits = {\n");
  for (size_t i = 0; i < N(LIMITS); i++) {
    printf("  ");
    print_name(LIMITS[i].c + strlen("SP_MAX_"), CAMEL);
    printf(": %lld,\n", LIMITS[i].v);
  }
  printf("} as const;\n\n");
  for (size_t i = 0; i < N(SINGLES); i++) printf("export const %s = %lld;\n", SINGLES[i].c + strlen("SP_"), SINGLES[i].v);
  return ferror(stdout) ? 1 : 0;
}

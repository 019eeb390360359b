/*
 * params_json.c — prints the engine's parameter tables as JSON, read through
 * sp_param_info_get (the same rows the engine checks values against):
 *
 *   { "disk": [ { "name": "surfaces", "def": 1, "lo": 1, "hi": 16, "whole": true }, ... ],
 *     "workload": [ ... ], "host": [ ... ], "flash": [ ... ], "fs": [ ... ] }
 *
 * Row i of a table is parameter i of its enum. Numbers are printed with 17
 * significant digits, so each parses back to the very same double. Built and
 * run by `make -C engine-wasm params` into build/params.json, which the
 * TypeScript side imports (web/state/engineParams.ts) to validate setups and
 * presets before any engine is loaded.
 */
#include <stdio.h>
#include <math.h>
#include "spindle.h"

static const struct { int32_t id; const char *key; } TABLES[] = {
  { SP_TABLE_DISK, "disk" }, { SP_TABLE_WORKLOAD, "workload" }, { SP_TABLE_HOST, "host" }, { SP_TABLE_FLASH, "flash" },
  { SP_TABLE_FS, "fs" }, { SP_TABLE_SMR, "smr" },
};

/* A JSON number: every value in the tables is finite (checked). */
static int number(double v) {
  if (!isfinite(v)) return -1;
  printf("%.17g", v);
  return 0;
}

int main(void) {
  printf("{");
  for (size_t t = 0; t < sizeof TABLES / sizeof TABLES[0]; t++) {
    sp_param_info info;
    if (sp_param_info_get(TABLES[t].id, 0, &info) != SP_OK || info.count <= 0) {
      fprintf(stderr, "params_json: table %s (%d) has no rows\n", TABLES[t].key, (int)TABLES[t].id);
      return 1;
    }
    const int32_t n = info.count;
    printf("%s\n  \"%s\": [", t ? "," : "", TABLES[t].key);
    for (int32_t i = 0; i < n; i++) {
      if (sp_param_info_get(TABLES[t].id, i, &info) != SP_OK) {
        fprintf(stderr, "params_json: table %s row %d cannot be read\n", TABLES[t].key, (int)i);
        return 1;
      }
      /* Names are snake_case identifiers: nothing to escape, but check. */
      for (const char *c = info.name; *c; c++) {
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_')) {
          fprintf(stderr, "params_json: table %s row %d: unexpected name \"%s\"\n", TABLES[t].key, (int)i, info.name);
          return 1;
        }
      }
      printf("%s\n    { \"name\": \"%s\", \"def\": ", i ? "," : "", info.name);
      if (number(info.def)) goto notfinite;
      printf(", \"lo\": ");
      if (number(info.lo)) goto notfinite;
      printf(", \"hi\": ");
      if (number(info.hi)) goto notfinite;
      printf(", \"whole\": %s }", info.whole ? "true" : "false");
      continue;
    notfinite:
      fprintf(stderr, "params_json: table %s row %d (%s): a value is not finite\n", TABLES[t].key, (int)i, info.name);
      return 1;
    }
    printf("\n  ]");
  }
  printf("\n}\n");
  return ferror(stdout) ? 1 : 0;
}

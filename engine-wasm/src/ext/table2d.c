/*
 * table2d.c — 2-D tables over the volume (spindle.h "2-D tables"): the
 * cell -> volume block maps of the Atropos layout and of the naive column-
 * and row-major layouts, and the requests that fetch a record or scan a
 * column, as explicit volume submissions.
 */
#include "engine.h"
#include "ext.h"
#include "spindle_table2d.h"
#include "quadrangle.h"
#include <math.h>
#include <stdlib.h>

/* The sim's table (an extension slot, ext.h): columns 0 = none yet. */
typedef struct table2d { int32_t layout, columns; int64_t rows; } table2d;

static void free_table(sp_sim *sim, void *state) {
  (void)sim;
  free(state);
}

static const ext_ops table2d_ext = { .free = free_table };

static const table2d no_table;

static const table2d *table_of(const sp_sim *sim) {
  const table2d *t = ext_state(sim, &table2d_ext);
  return t ? t : &no_table;
}

static sp_status fits(sp_sim *sim, const table2d *t, const char *fn);

static sp_status need_table(sp_sim *sim, const char *fn) {
  if (!sim) return SP_E_INVALID;
  const table2d *tab = table_of(sim);
  if (tab->columns == 0) return sp__fail(sim, SP_E_STATE, "%s: no table (call sp_table2d_set)", fn);
  sp_status st = host_need(sim);
  if (st != SP_OK) return st;
  if (tab->layout == SP_T2D_ATROPOS && !quad_shape(&sim->host, NULL, NULL))
    return sp__fail(sim, SP_E_STATE, "%s: the Atropos table layout needs the quadrangle policy", fn);
  return fits(sim, tab, fn);   /* the volume may have changed since sp_table2d_set */
}

/* Does the table fit the volume as it is now? Counted by division, so that no
 * product of rows and columns can overflow (rows < 2^50, columns < 2^20). */
static sp_status fits(sp_sim *sim, const table2d *t, const char *fn) {
  const host *h = &sim->host;
  const int64_t b = (int64_t)h->p[SP_HP_BLOCK_SECTORS], blocks = h->capacity / b;
  int64_t units = t->rows, per = t->columns;            /* naive: rows of `columns` blocks */
  if (t->layout == SP_T2D_ATROPOS) {                    /* whole stripes of G groups of d x P blocks */
    int32_t w, d;
    quad_shape(h, &w, &d);
    const int64_t P = (int64_t)h->count * w;
    units = (t->rows - 1) / P + 1;
    per = (int64_t)((t->columns + d - 1) / d) * d * P;
  }
  if (units <= blocks / per) return SP_OK;
  return sp__fail(sim, SP_E_RANGE, "table2d.rows: %d columns x %lld rows of %lld sectors do not fit the volume's "
                  "%lld blocks (%s)", t->columns, (long long)t->rows, (long long)b, (long long)blocks, fn);
}

/* Cell (r, c) as a VLBN (units of b sectors). */
static int64_t cell_vlbn(const sp_sim *sim, int64_t r, int32_t c) {
  const table2d *tab = table_of(sim);
  const host *h = &sim->host;
  const int32_t C = tab->columns;
  if (tab->layout == SP_T2D_NAIVE_COLUMN) return (int64_t)c * tab->rows + r;
  if (tab->layout == SP_T2D_NAIVE_ROW) return r * C + c;
  int32_t w, d;
  quad_shape(h, &w, &d);
  const int64_t P = (int64_t)h->count * w, G = (C + d - 1) / d;
  const int64_t k = r / P, m = r % P, g = c / d, i = c % d;
  return ((k * G + g) * d + i) * P + m;
}

sp_status sp_table2d_set(sp_sim *sim, int32_t layout, int32_t columns, int64_t rows) {
  if (!sim) return SP_E_INVALID;
  if (layout < 0 || layout >= SP_T2D_COUNT)
    return sp__fail(sim, SP_E_INVALID, "table2d.layout: %d is not SP_T2D_ATROPOS (0), NAIVE_COLUMN (1) or "
                    "NAIVE_ROW (2)", layout);
  if (columns < 1 || columns > (1 << 20))
    return sp__fail(sim, SP_E_INVALID, "table2d.columns: %d is outside [1, %d]", columns, 1 << 20);
  if (rows < 1 || rows > ((int64_t)1 << 50))
    return sp__fail(sim, SP_E_INVALID, "table2d.rows: %lld is outside [1, 2^50]", (long long)rows);
  table2d *tab = ext_state(sim, &table2d_ext);
  if (!tab) {
    if (!(tab = calloc(1, sizeof *tab))) return sp__fail(sim, SP_E_NOMEM, "table2d: out of memory");
    sp_status at = ext_attach(sim, &table2d_ext, tab);
    if (at != SP_OK) { free(tab); return at; }
  }
  const table2d old = *tab;
  tab->layout = layout; tab->columns = columns; tab->rows = rows;
  sp_status st = need_table(sim, "sp_table2d_set");
  if (st != SP_OK) *tab = old;
  return st;
}

static sp_status check_cell(sp_sim *sim, int64_t row, int32_t column, const char *fn) {
  const table2d *tab = table_of(sim);
  sp_status st = need_table(sim, fn);
  if (st != SP_OK) return st;
  if (row < 0 || row >= tab->rows)
    return sp__fail(sim, SP_E_RANGE, "%s: row %lld is outside 0..%lld", fn, (long long)row,
                    (long long)tab->rows - 1);
  if (column < 0 || column >= tab->columns)
    return sp__fail(sim, SP_E_RANGE, "%s: column %d is outside 0..%d", fn, column, tab->columns - 1);
  return SP_OK;
}

sp_status sp_table2d_cell(sp_sim *sim, int64_t row, int32_t column, int64_t *vlbn) {
  sp_status st = check_cell(sim, row, column, "sp_table2d_cell");
  if (st != SP_OK) return st;
  if (!vlbn) return sp__fail(sim, SP_E_INVALID, "sp_table2d_cell: vlbn is NULL");
  *vlbn = cell_vlbn(sim, row, column) * (int64_t)sim->host.p[SP_HP_BLOCK_SECTORS];
  return SP_OK;
}

static sp_status sub(sp_sim *sim, double t, int64_t vlbn, int64_t sectors, int32_t flags) {
  if (sectors > INT32_MAX)
    return sp__fail(sim, SP_E_LIMIT, "table2d: a request of %lld sectors is too large (at most %d)",
                    (long long)sectors, INT32_MAX);
  int64_t k = sp_submit(sim, t, vlbn, (int32_t)sectors, flags);
  return k < 0 ? (sp_status)k : SP_OK;
}

/* The requests of one record fetch (flags checked by the caller); the count through *n. */
static sp_status fetch_row(sp_sim *sim, double t, int64_t row, int32_t flags, int32_t *n) {
  const table2d *tab = table_of(sim);
  host *h = &sim->host;
  const int64_t b = (int64_t)h->p[SP_HP_BLOCK_SECTORS];
  const int32_t C = tab->columns, w = flags & SP_SUBMIT_WRITE, link = flags & SP_SUBMIT_LINKED;
  sp_status st = SP_OK;
  *n = 0;
  if (tab->layout == SP_T2D_NAIVE_ROW) {
    st = sub(sim, t, cell_vlbn(sim, row, 0) * b, C * b, w);
    *n = 1;
  } else if (tab->layout == SP_T2D_NAIVE_COLUMN) {
    for (int32_t c = 0; c < C && st == SP_OK; c++, (*n)++)
      st = sub(sim, t, cell_vlbn(sim, row, c) * b, b, w | (c + 1 < C ? link : 0));
  } else {
    int32_t qw, d; quad_shape(h, &qw, &d);
    for (int32_t g = 0; g * d < C && st == SP_OK; g++, (*n)++) {
      const int32_t k = C - g * d < d ? C - g * d : d;
      st = sub(sim, t, cell_vlbn(sim, row, g * d) * b, k * b,
               w | SP_SUBMIT_SEMISEQ | ((g + 1) * d < C ? link : 0));
    }
  }
  return st;
}

int64_t sp_table2d_submit_row(sp_sim *sim, double t, int64_t row, int32_t flags) {
  sp_status st = need_table(sim, "sp_table2d_submit_row");
  if (st != SP_OK) return st;
  if (row < 0) row = (int64_t)floor(wl_uniform(sim, SP_RS_TABLE) * (double)table_of(sim)->rows);
  if ((st = check_cell(sim, row, 0, "sp_table2d_submit_row")) != SP_OK) return st;
  if (flags & ~(SP_SUBMIT_WRITE | SP_SUBMIT_LINKED))
    return sp__fail(sim, SP_E_INVALID, "sp_table2d_submit_row: flags %d: only SP_SUBMIT_WRITE and "
                    "SP_SUBMIT_LINKED", flags);
  int32_t n;
  st = fetch_row(sim, t, row, flags, &n);
  return st != SP_OK ? st : row;
}

/* The requests of one column scan (arguments checked by the caller): how many, or a negative status. */
static int32_t scan_column(sp_sim *sim, double t, int32_t column, int64_t first_row, int64_t rows, int32_t flags) {
  const table2d *tab = table_of(sim);
  host *h = &sim->host;
  sp_status st = SP_OK;
  const int64_t b = (int64_t)h->p[SP_HP_BLOCK_SECTORS];
  if (tab->layout == SP_T2D_NAIVE_COLUMN) {
    st = sub(sim, t, cell_vlbn(sim, first_row, column) * b, rows * b, flags);
    return st != SP_OK ? st : 1;
  }
  if (tab->layout == SP_T2D_NAIVE_ROW) {
    st = sub(sim, t, cell_vlbn(sim, first_row, 0) * b, rows * tab->columns * b, flags);
    return st != SP_OK ? st : 1;
  }
  int32_t w, d; quad_shape(h, &w, &d);
  const int64_t P = (int64_t)h->count * w;
  int32_t n = 0;
  for (int64_t r = first_row; r < first_row + rows && st == SP_OK; n++) {
    int64_t e = (r / P + 1) * P;
    if (e > first_row + rows) e = first_row + rows;
    st = sub(sim, t, cell_vlbn(sim, r, column) * b, (e - r) * b, flags);
    r = e;
  }
  return st != SP_OK ? st : n;
}

int32_t sp_table2d_submit_column(sp_sim *sim, double t, int32_t column, int64_t first_row, int64_t rows,
                                 int32_t flags) {
  sp_status st = check_cell(sim, first_row, column, "sp_table2d_submit_column");
  if (st != SP_OK) return st;
  if (rows < 1 || rows > table_of(sim)->rows - first_row)
    return sp__fail(sim, SP_E_RANGE, "sp_table2d_submit_column: %lld rows from row %lld run past the table's %lld",
                    (long long)rows, (long long)first_row, (long long)table_of(sim)->rows);
  if (flags & ~SP_SUBMIT_WRITE)
    return sp__fail(sim, SP_E_INVALID, "sp_table2d_submit_column: flags %d: only SP_SUBMIT_WRITE", flags);
  return scan_column(sim, t, column, first_row, rows, flags);
}

/* Every column over rows [first, first + rows): a range of whole records
 * (row-major: one request over them; otherwise one scan per column). */
static int64_t scan_records(sp_sim *sim, double t, int64_t first, int64_t rows, int32_t flags) {
  const table2d *tab = table_of(sim);
  const int32_t C = tab->layout == SP_T2D_NAIVE_ROW ? 1 : tab->columns;
  int64_t n = 0;
  for (int32_t c = 0; c < C; c++) {
    int32_t k = scan_column(sim, t, c, first, rows, flags);
    if (k < 0) return k;
    n += k;
  }
  return n;
}

static int64_t draw_first(sp_sim *sim, int64_t span) {
  return (int64_t)floor(wl_uniform(sim, SP_RS_TABLE) * (double)(table_of(sim)->rows - span + 1));
}

int32_t sp_table2d_submit_mix(sp_sim *sim, double t, int32_t scan_columns, int64_t scan_rows, int32_t fetches,
                              int64_t range, int32_t flags) {
  sp_status st = need_table(sim, "sp_table2d_submit_mix");
  if (st != SP_OK) return st;
  host *h = &sim->host;
  const int32_t C = table_of(sim)->columns;
  const int64_t R = table_of(sim)->rows;
  if (scan_columns < 0 || scan_columns > C)
    return sp__fail(sim, SP_E_RANGE, "sp_table2d_submit_mix: scan_columns %d is outside 0..%d (the table's columns)",
                    scan_columns, C);
  if (scan_columns > 0 && (scan_rows < 1 || scan_rows > R))
    return sp__fail(sim, SP_E_RANGE, "sp_table2d_submit_mix: scan_rows %lld is outside 1..%lld (the table's rows)",
                    (long long)scan_rows, (long long)R);
  if (fetches < 0 || fetches > (1 << 20))
    return sp__fail(sim, SP_E_RANGE, "sp_table2d_submit_mix: fetches %d is outside 0..%d", fetches, 1 << 20);
  if (range < 1 || range > R)
    return sp__fail(sim, SP_E_RANGE, "sp_table2d_submit_mix: range %lld is outside 1..%lld (the table's rows)",
                    (long long)range, (long long)R);
  if (flags & ~(SP_SUBMIT_WRITE | SP_SUBMIT_LINKED))
    return sp__fail(sim, SP_E_INVALID, "sp_table2d_submit_mix: flags %d: only SP_SUBMIT_WRITE and SP_SUBMIT_LINKED",
                    flags);
  /* The requests a query makes, bounded before any is submitted (the count is returned as int32). */
  int32_t qw, d = 1, Pw = 1;
  if (table_of(sim)->layout == SP_T2D_ATROPOS) { quad_shape(h, &qw, &d); Pw = h->count * qw; }
  const int64_t per_scan = table_of(sim)->layout == SP_T2D_ATROPOS ? scan_rows / Pw + 2 : 1;
  const int64_t per_range = table_of(sim)->layout == SP_T2D_ATROPOS ? (range / Pw + 2) * C : C;
  const double most = (double)scan_columns * (double)per_scan + (double)fetches * (double)(range > 1 ? per_range : C);
  if (most > (double)(1 << 24))
    return sp__fail(sim, SP_E_LIMIT, "sp_table2d_submit_mix: up to %.0f requests; at most %d in one query", most,
                    1 << 24);
  const int32_t wr = flags & SP_SUBMIT_WRITE;
  int64_t n = 0;
  if (scan_columns > 0) {
    const int64_t first = draw_first(sim, scan_rows);
    if (table_of(sim)->layout == SP_T2D_NAIVE_ROW) {        /* row-major: the scan reads the whole records */
      int32_t k = scan_column(sim, t, 0, first, scan_rows, wr);
      if (k < 0) return k;
      n += k;
    } else {
      for (int32_t c = 0; c < scan_columns; c++) {
        int32_t k = scan_column(sim, t, c, first, scan_rows, wr);
        if (k < 0) return k;
        n += k;
      }
    }
  }
  for (int32_t f = 0; f < fetches; f++) {
    if (range == 1) {
      int32_t k;
      if ((st = fetch_row(sim, t, draw_first(sim, 1), flags, &k)) != SP_OK) return st;
      n += k;
    } else {
      int64_t k = scan_records(sim, t, draw_first(sim, range), range, wr);
      if (k < 0) return (sp_status)k;
      n += k;
    }
  }
  return (int32_t)n;
}

sp_status sp_table2d_locate(sp_sim *sim, int32_t device, int64_t lbn, int64_t *row, int32_t *column) {
  const table2d *tab = table_of(sim);
  sp_status st = need_table(sim, "sp_table2d_locate");
  if (st != SP_OK) return st;
  if (!row || !column) return sp__fail(sim, SP_E_INVALID, "sp_table2d_locate: row or column is NULL");
  int64_t v;
  if ((st = sp_volume_unmap(sim, device, lbn, &v)) != SP_OK) return st;
  const host *h = &sim->host;
  v /= (int64_t)h->p[SP_HP_BLOCK_SECTORS];
  const int32_t C = tab->columns;
  const int64_t R = tab->rows;
  int64_t r, c;
  if (tab->layout == SP_T2D_NAIVE_COLUMN) { c = v / R; r = v % R; }
  else if (tab->layout == SP_T2D_NAIVE_ROW) { r = v / C; c = v % C; }
  else {                      /* invert VLBN = ((k*G + g)*d + i)*P + m */
    int32_t w, d; quad_shape(h, &w, &d);
    const int64_t P = (int64_t)h->count * w, G = (C + d - 1) / d;
    const int64_t m = v % P, x = v / P, i = x % d, y = x / d, g = y % G, k = y / G;
    c = g * d + i; r = k * P + m;
  }
  if (c >= C || r >= R)
    return sp__fail(sim, SP_E_RANGE, "sp_table2d_locate: lbn %lld of device %d holds no cell of the table",
                    (long long)lbn, device);
  *row = r; *column = (int32_t)c;
  return SP_OK;
}

/*
 * table2d.c — 2-D tables over the volume (spindle.h "2-D tables"): the
 * cell -> volume block maps of the Atropos layout and of the naive column-
 * and row-major layouts, and the requests that fetch a record or scan a
 * column, as explicit volume submissions.
 */
#include "engine.h"
#include <math.h>

static sp_status need_table(sp_sim *sim, const char *fn) {
  if (!sim) return SP_E_INVALID;
  if (sim->host.t2d_columns == 0) return sp__fail(sim, SP_E_STATE, "%s: no table (call sp_table2d_set)", fn);
  sp_status st = host_need(sim);
  if (st != SP_OK) return st;
  if (sim->host.t2d_layout == SP_T2D_ATROPOS && !sim->host.quad)
    return sp__fail(sim, SP_E_STATE, "%s: the Atropos table layout needs the quadrangle policy", fn);
  return SP_OK;
}

/* Cell (r, c) as a VLBN (units of b sectors). */
static int64_t cell_vlbn(const sp_sim *sim, int64_t r, int32_t c) {
  const host *h = &sim->host;
  const int32_t C = h->t2d_columns;
  if (h->t2d_layout == SP_T2D_NAIVE_COLUMN) return (int64_t)c * h->t2d_rows + r;
  if (h->t2d_layout == SP_T2D_NAIVE_ROW) return r * C + c;
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
  host *h = &sim->host;
  const int32_t old_l = h->t2d_layout, old_c = h->t2d_columns; const int64_t old_r = h->t2d_rows;
  h->t2d_layout = layout; h->t2d_columns = columns; h->t2d_rows = rows;
  sp_status st = need_table(sim, "sp_table2d_set");
  if (st == SP_OK) {
    /* the largest cell: the last row's (naive) or the last stripe's last group (Atropos) */
    const int64_t b = (int64_t)h->p[SP_HP_BLOCK_SECTORS];
    int64_t top = cell_vlbn(sim, rows - 1, columns - 1);
    if (layout == SP_T2D_ATROPOS) {
      int32_t w, d; quad_shape(h, &w, &d);
      const int64_t P = (int64_t)h->count * w, G = (columns + d - 1) / d;
      top = (((rows - 1) / P + 1) * G * d) * P - 1;
    }
    if (top >= h->capacity / b)
      st = sp__fail(sim, SP_E_RANGE, "table2d.rows: %d columns x %lld rows of %lld sectors need %lld blocks of "
                    "the volume's %lld", columns, (long long)rows, (long long)b, (long long)top + 1,
                    (long long)(h->capacity / b));
  }
  if (st != SP_OK) { h->t2d_layout = old_l; h->t2d_columns = old_c; h->t2d_rows = old_r; }
  return st;
}

static sp_status check_cell(sp_sim *sim, int64_t row, int32_t column, const char *fn) {
  sp_status st = need_table(sim, fn);
  if (st != SP_OK) return st;
  if (row < 0 || row >= sim->host.t2d_rows)
    return sp__fail(sim, SP_E_RANGE, "%s: row %lld is outside 0..%lld", fn, (long long)row,
                    (long long)sim->host.t2d_rows - 1);
  if (column < 0 || column >= sim->host.t2d_columns)
    return sp__fail(sim, SP_E_RANGE, "%s: column %d is outside 0..%d", fn, column, sim->host.t2d_columns - 1);
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

int64_t sp_table2d_submit_row(sp_sim *sim, double t, int64_t row, int32_t flags) {
  sp_status st = need_table(sim, "sp_table2d_submit_row");
  if (st != SP_OK) return st;
  host *h = &sim->host;
  if (row < 0) row = (int64_t)floor(wl_uniform(sim, SP_RS_TABLE) * (double)h->t2d_rows);
  if ((st = check_cell(sim, row, 0, "sp_table2d_submit_row")) != SP_OK) return st;
  if (flags & ~(SP_SUBMIT_WRITE | SP_SUBMIT_LINKED))
    return sp__fail(sim, SP_E_INVALID, "sp_table2d_submit_row: flags %d: only SP_SUBMIT_WRITE and "
                    "SP_SUBMIT_LINKED", flags);
  const int64_t b = (int64_t)h->p[SP_HP_BLOCK_SECTORS];
  const int32_t C = h->t2d_columns, w = flags & SP_SUBMIT_WRITE, link = flags & SP_SUBMIT_LINKED;
  if (h->t2d_layout == SP_T2D_NAIVE_ROW) {
    st = sub(sim, t, cell_vlbn(sim, row, 0) * b, C * b, w);
  } else if (h->t2d_layout == SP_T2D_NAIVE_COLUMN) {
    for (int32_t c = 0; c < C && st == SP_OK; c++)
      st = sub(sim, t, cell_vlbn(sim, row, c) * b, b, w | (c + 1 < C ? link : 0));
  } else {
    int32_t qw, d; quad_shape(h, &qw, &d);
    for (int32_t g = 0; g * d < C && st == SP_OK; g++) {
      const int32_t n = C - g * d < d ? C - g * d : d;
      st = sub(sim, t, cell_vlbn(sim, row, g * d) * b, n * b,
               w | SP_SUBMIT_SEMISEQ | ((g + 1) * d < C ? link : 0));
    }
  }
  return st != SP_OK ? st : row;
}

int32_t sp_table2d_submit_column(sp_sim *sim, double t, int32_t column, int64_t first_row, int64_t rows,
                                 int32_t flags) {
  sp_status st = check_cell(sim, first_row, column, "sp_table2d_submit_column");
  if (st != SP_OK) return st;
  host *h = &sim->host;
  if (rows < 1 || rows > h->t2d_rows - first_row)
    return sp__fail(sim, SP_E_RANGE, "sp_table2d_submit_column: %lld rows from row %lld run past the table's %lld",
                    (long long)rows, (long long)first_row, (long long)h->t2d_rows);
  if (flags & ~SP_SUBMIT_WRITE)
    return sp__fail(sim, SP_E_INVALID, "sp_table2d_submit_column: flags %d: only SP_SUBMIT_WRITE", flags);
  const int64_t b = (int64_t)h->p[SP_HP_BLOCK_SECTORS];
  if (h->t2d_layout == SP_T2D_NAIVE_COLUMN) {
    st = sub(sim, t, cell_vlbn(sim, first_row, column) * b, rows * b, flags);
    return st != SP_OK ? st : 1;
  }
  if (h->t2d_layout == SP_T2D_NAIVE_ROW) {
    st = sub(sim, t, cell_vlbn(sim, first_row, 0) * b, rows * h->t2d_columns * b, flags);
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

/*
 * spindle_table2d.h — 2-D tables laid out on a volume (Atropos, Schindler et al., FAST 2004): cells, row and column scans.
 * An extension of the engine (engine-wasm/src/ext/): it drives a sim through
 * the core's public API (spindle.h) and keeps its state in a slot of the sim.
 */
#ifndef SPINDLE_TABLE2D_H
#define SPINDLE_TABLE2D_H

#include "spindle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- 2-D tables (table2d.c) ---------------------------------------------------------
 * A table of `columns` x `rows` cells of b sectors (SP_HP_BLOCK_SECTORS) from
 * volume block 0, laid out as (spec: EXPERIMENTS.md 2.3.3):
 *  ATROPOS (quadrangle volumes): columns grouped by d (g = c / d, i = c mod d,
 *    G = ceil(columns / d)); P = p*w; record r: k = r / P, m = r mod P;
 *    VLBN(r, c) = ((k*G + g)*d + i)*P + m. A column's cells are runs of P
 *    consecutive VLBNs (a whole track row on each device); a record's cells in
 *    one group are semi-sequential (one batch on device m / w).
 *  NAIVE_COLUMN: VLBN(r, c) = c*rows + r (column-major, DSM-like).
 *  NAIVE_ROW:    VLBN(r, c) = r*columns + c (row-major, NSM-like). */
enum { SP_T2D_ATROPOS = 0, SP_T2D_NAIVE_COLUMN = 1, SP_T2D_NAIVE_ROW = 2, SP_T2D_COUNT };
/* Sets the table (checked against the committed volume: it must fit). */
sp_status sp_table2d_set(sp_sim *sim, int32_t layout, int32_t columns, int64_t rows);
/* The first volume block of a cell. */
sp_status sp_table2d_cell(sp_sim *sim, int64_t row, int32_t column, int64_t *vlbn);
/* Fetches a record (row < 0: one drawn uniformly with the engine's table
 * stream) at time t, as explicit volume submissions: ATROPOS one
 * SP_SUBMIT_SEMISEQ request per column group; NAIVE_COLUMN one request per
 * cell; NAIVE_ROW one request. With SP_SUBMIT_LINKED in flags the requests
 * form one linked batch (naive layouts: "naive-batched"; without it and host
 * queue depth 1: "naive-serial"). Returns the row fetched or a negative status. */
int64_t   sp_table2d_submit_row(sp_sim *sim, double t, int64_t row, int32_t flags);
/* Scans column `column` over rows [first_row, first_row + rows) at time t:
 * ATROPOS one request per run of consecutive VLBNs (up to p*w cells: whole
 * track rows on every device); NAIVE_COLUMN one request; NAIVE_ROW one request
 * over the whole records (row-major reads everything). Returns the number of
 * requests submitted or a negative status. */
int32_t   sp_table2d_submit_column(sp_sim *sim, double t, int32_t column, int64_t first_row, int64_t rows,
                                   int32_t flags);
/* A TPC-H-like query at time t (EXPERIMENTS.md 2.3, 2.6): scans columns
 * 0..scan_columns-1 over scan_rows records from a record drawn with the table
 * stream (NAIVE_ROW: one scan of those whole records), then `fetches` record
 * fetches: each a random record (range 1, as sp_table2d_submit_row, flags
 * alike) or `range` consecutive records from a random one (every column over
 * them, as column scans). Everything arrives at t; the host queue and the
 * disks' schedulers order it. Returns the logical requests submitted, or a
 * negative status (SP_E_LIMIT past 2^24 requests, checked first). */
int32_t   sp_table2d_submit_mix(sp_sim *sim, double t, int32_t scan_columns, int64_t scan_rows, int32_t fetches,
                                int64_t range, int32_t flags);
/* The inverse map: the cell holding a device's LBN (SP_E_RANGE if none: a
 * residual sector, a block outside the table). Quadrangle volumes. */
sp_status sp_table2d_locate(sp_sim *sim, int32_t device, int64_t lbn, int64_t *row, int32_t *column);

#ifdef __cplusplus
}
#endif
#endif

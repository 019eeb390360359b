/*
 * sim.c — the simulation handle: creation, errors, parameters, reset.
 * Everything lives in the sp_sim value; there is no global state.
 */
#include "engine.h"
#include "ext.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

sp_sim *sp_new(uint64_t seed) {
  sp_sim *sim = calloc(1, sizeof *sim);
  if (!sim) return NULL;
  for (int32_t i = 0; i < SP_WP_COUNT_PARAMS; i++) sim->wl.p[i] = param_rows(SP_TABLE_WORKLOAD, NULL)[i].def;
  host_init(sim);
  if (stats_init(&sim->acc_all) != SP_OK) { free(sim); return NULL; }
  sp_reset(sim, seed);
  return sim;
}


void sp_free(sp_sim *sim) {
  if (!sim) return;
  sp_reset(sim, 0);      /* returns live requests to the free list */
  ext_free_all(sim);     /* e.g. its extractors outlive it only to be freed */
  for (int32_t i = 0; i < sim->ndisks; i++) {
    sim->disks[i]->ops->free(sim->disks[i]);
    if (sim->acc_disk[i]) { stats_free(sim->acc_disk[i]); free(sim->acc_disk[i]); }
  }
  stats_free(&sim->acc_all);
  requests_free_all(sim);
  heap_free(&sim->events);
  free(sim->pend); free(sim->pendfree); heap_free(&sim->pend_order); free(sim->submitted); free(sim->ev); free(sim->res); free(sim->carry);
  host_free(sim);
  sp__buses_free(sim);
  free(sim);
}


/* Releases every request still held by queues, the heap or a mechanism. */
static void drop_live_requests(sp_sim *sim) {
  for (int32_t i = 0; i < sim->events.n; i++) {
    heap_item *it = &sim->events.v[i];
    if (it->ptr && (it->kind == EV_ARRIVAL || it->kind == EV_COMPLETE || it->kind >= EV_DEVICE))
      sp__request_free(sim, it->ptr);
  }
  sim->events.n = 0;
  for (int32_t i = 0; i < sim->ndisks; i++)
    if (sim->disks[i]->ops->drop) sim->disks[i]->ops->drop(sim, sim->disks[i]);
}

sp_status sp_reset(sp_sim *sim, uint64_t seed) {
  if (!sim) return SP_E_INVALID;
  host_reset(sim);
  drop_live_requests(sim);
  ext_reset_all(sim);    /* what they built is built again from the new seed at the next start */
  sim->seed = seed;
  wl_seed(sim, seed);
  sim->seq = 0; sim->now = 0; sim->err[0] = 0; sim->err_field[0] = 0; sim->out_status = SP_OK; sim->run_status = SP_OK;
  sim->nsubmitted = 0; sim->sub_next = 0; sim->sub_prev_done = 0; sim->started = 0; sim->processed = 0; sim->next_id = 0; sim->in_flight = 0;
  sim->nev = 0; sim->nres = 0; sim->ncarry = 0; out_clear_pending(sim); sim->out_full = 0;
  sim->wl.issued = 0; sim->wl.seq_next = -1; sim->wl.last_write_end = -1;
  stats_clear(&sim->acc_all);
  sp__buses_reset(sim);
  for (int32_t i = 0; i < sim->ndisks; i++) {
    sim->disks[i]->ops->reset(sim->disks[i]);
    if (sim->acc_disk[i]) stats_clear(sim->acc_disk[i]);
  }
  return SP_OK;
}

/* ---- disks ------------------------------------------------------------------ */


int32_t sp_disk_count(const sp_sim *sim) { return sim ? sim->ndisks : 0; }

/* ---- workload ------------------------------------------------------------- */

sp_status sp_workload_set(sp_sim *sim, sp_workload_param param, double value) {
  if (!sim) return SP_E_INVALID;
  if ((int)param < 0 || param >= SP_WP_COUNT_PARAMS)
    return sp__fail(sim, SP_E_INVALID, "workload: unknown parameter %d", (int)param);
  if (param == SP_WP_OUTSTANDING && value > SP_MAX_IN_FLIGHT && isfinite(value))
    return sp__fail(sim, SP_E_LIMIT, "workload.outstanding: %g is more than the cap of %d requests in flight "
                    "(SP_MAX_IN_FLIGHT)", value, SP_MAX_IN_FLIGHT);
  sp_status st = param_check(sim, "workload", &param_rows(SP_TABLE_WORKLOAD, NULL)[param], value);
  if (st != SP_OK) return st;
  if (param == SP_WP_SIZE_SECTORS && value != floor(value) && sim->wl.p[SP_WP_SIZE_DIST] != SP_SIZE_EXPONENTIAL)
    return sp__fail(sim, SP_E_INVALID, "workload.size_sectors: %g must be a whole number", value);
  sim->wl.p[param] = value;
  return SP_OK;
}

double sp_workload_get(const sp_sim *sim, sp_workload_param param) {
  if (!sim || (int)param < 0 || param >= SP_WP_COUNT_PARAMS) return NAN;
  return sim->wl.p[param];
}

/* ---- queries -------------------------------------------------------------------- */

double sp_now(const sp_sim *sim) { return sim ? sim->now : NAN; }


/*
 * bus.c — buses shared by several devices (a disk's shared_bus parameter):
 * one holder at a time, as DiskSim's exclusive (SCSI-like) bus with zero
 * arbitration time. A device asks for the bus from a time on, for a length
 * of time; it gets the first stretch that is free from then on. Holdings are
 * claimed when the device decides on them, so an earlier decision keeps its
 * place even if its holding starts later than a newer one's would (DiskSim
 * arbitrates at the moment of need, by slot priority).
 *
 * Each bus keeps its holdings that have not ended, sorted by start; those
 * ending at or before now are dropped at every claim, so a bus holds at most
 * a few per request in flight.
 */
#include "engine.h"
#include <stdlib.h>
#include <string.h>

/* Drops the holdings over by now (holdings never overlap: ends are sorted too). */
static void bus_prune(bus_line *b, double now) {
  int32_t k = 0;
  for (int32_t i = 0; i < b->n; i++)
    if (b->end[i] > now) { b->start[k] = b->start[i]; b->end[k] = b->end[i]; k++; }
  b->n = k;
}

static sp_status bus_insert(bus_line *b, int32_t at, double start, double end) {
  if (b->n == b->cap) {
    int32_t cap = b->cap ? b->cap * 2 : 16;
    double *s = realloc(b->start, (size_t)cap * sizeof *s);
    if (!s) return SP_E_NOMEM;
    b->start = s;
    double *e = realloc(b->end, (size_t)cap * sizeof *e);
    if (!e) return SP_E_NOMEM;
    b->end = e; b->cap = cap;
  }
  memmove(b->start + at + 1, b->start + at, (size_t)(b->n - at) * sizeof *b->start);
  memmove(b->end + at + 1, b->end + at, (size_t)(b->n - at) * sizeof *b->end);
  b->start[at] = start; b->end[at] = end; b->n++;
  return SP_OK;
}

double sp__bus_claim(sp_sim *sim, int32_t bus, double from, double dur, double min_end) {
  bus_line *b = &sim->buses[bus - 1];
  bus_prune(b, sim->now);
  double s = from;
  int32_t i = 0;
  for (; i < b->n; i++) {
    double e = s + dur > min_end ? s + dur : min_end;
    if (b->start[i] >= e && b->start[i] > s) break;   /* fits before holding i */
    if (b->end[i] > s) s = b->end[i];
  }
  double e = s + dur > min_end ? s + dur : min_end;
  if (e > s && bus_insert(b, i, s, e) != SP_OK)    /* a zero-length holding only waits for the bus */
    sim->run_status = sp__fail(sim, SP_E_NOMEM, "bus %d: out of memory", bus);   /* the run stops after this event */
  return s;
}

void sp__buses_reset(sp_sim *sim) {
  for (int32_t i = 0; i < SP_MAX_DISKS; i++) sim->buses[i].n = 0;
}

void sp__buses_free(sp_sim *sim) {
  for (int32_t i = 0; i < SP_MAX_DISKS; i++) { free(sim->buses[i].start); free(sim->buses[i].end); }
}

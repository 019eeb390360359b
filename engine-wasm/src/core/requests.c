/*
 * requests.c — the pool of device requests: taken and returned as requests
 * come and go, freed with the sim.
 */
#include "engine.h"
#include <stdlib.h>
#include <string.h>

request *sp__request_new(sp_sim *sim) {
  request *r = sim->free_list;
  if (r) sim->free_list = r->next;
  else if (!(r = malloc(sizeof *r))) return NULL;
  memset(r, 0, sizeof *r);
  return r;
}

void sp__request_free(sp_sim *sim, request *r) {
  r->next = sim->free_list;
  sim->free_list = r;
}

void requests_free_all(sp_sim *sim) {
  request *r = sim->free_list;
  while (r) { request *n = r->next; free(r); r = n; }
  sim->free_list = NULL;
}

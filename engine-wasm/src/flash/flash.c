/*
 * flash.c — the flash device: an NVCache beside the platters (Bisson &
 * Brandt, hybrid disks). It lives in a disk slot of the sim (the device index
 * space is the disks'), with `flash` set and no layout or mechanism.
 *
 * Timing: read = r0 + r1*KB; write = (w0 + w1*KB) / write_factor; a pinned
 * write costs pin_ms more; an unpin takes pin_ms of the device. One operation
 * at a time, in arrival order, concurrent with every disk: an operation
 * arriving at t starts at max(t, end of the previous one). Since an
 * operation's length is known when it arrives, the FIFO is one number (the
 * time the last accepted operation ends) and the completion is scheduled at
  * once (the core's EV_COMPLETE does the rest: COMPLETE event, result record,
 * statistics, the logical request).
 * Erases: per-write (each write operation erases one block) or ideal-log
 * (bytes written / erase-block bytes).
 */
#include "flash.h"
#include "disk.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


void flash_reset(flash_dev *f) {
  f->free_at = 0; f->reads = f->writes = f->unpins = 0;
  f->bytes_read = f->bytes_written = f->busy_ms = 0;
}

double flash_op_ms(const flash_dev *f, int32_t op, int32_t sectors) {
  const double kb = (double)sectors * f->p[SP_FP_SECTOR_BYTES] / 1024.0;
  if (op == 0) return f->p[SP_FP_READ_MS] + f->p[SP_FP_READ_MS_PER_KB] * kb;
  double w = (f->p[SP_FP_WRITE_MS] + f->p[SP_FP_WRITE_MS_PER_KB] * kb) / f->p[SP_FP_WRITE_FACTOR];
  return op == 2 ? w + f->p[SP_FP_PIN_MS] : w;
}

double flash_erases(const flash_dev *f) {
  if (f->p[SP_FP_ERASE_MODE] == SP_ERASE_IDEAL_LOG) return f->bytes_written / f->p[SP_FP_ERASE_BLOCK_BYTES];
  return (double)f->writes;
}

static sp_status flash_arrive(sp_sim *sim, int32_t di, request *r);

static void flash_slot_reset(disk *d) { flash_reset(d->flash); }

static void flash_slot_free(disk *d) {
  free(d->flash);
  d->flash = NULL;
  disk_slot_free(d);
}

/* A flash device is a disk slot (sp_disk_add) with its own operations. */
static const device_ops flash_ops = {
  .kind = SP_DEV_FLASH,
  .arrive = flash_arrive,
  .reset = flash_slot_reset,
  .free = flash_slot_free,
};

static flash_dev *flash_of(const sp_sim *sim, int32_t device) {
  if (!sim || device < 0 || device >= sim->ndisks) return NULL;
  return sim->disks[device]->flash;
}

int32_t sp_flash_add(sp_sim *sim) {
  if (!sim) return SP_E_INVALID;
  if (sim->started) return sp__fail(sim, SP_E_STATE, "flash: devices are added before the run starts (sp_reset first)");
  flash_dev *f = calloc(1, sizeof *f);
  if (!f) return sp__fail(sim, SP_E_NOMEM, "flash: out of memory");
  int32_t i = sp_disk_add(sim);
  if (i < 0) { free(f); return i; }
  for (int32_t k = 0; k < SP_FP_COUNT; k++) f->p[k] = param_rows(SP_TABLE_FLASH, NULL)[k].def;
  disk *d = sim->disks[i];
  d->ops = &flash_ops;
  d->flash = f;
  d->committed = 1;                       /* nothing to lay out */
  d->capacity = (int64_t)f->p[SP_FP_CAPACITY_SECTORS];
  d->rev_ms = disk_rev_ms(d);  /* never turns; keeps angles finite */
  return i;
}

sp_status sp_flash_set(sp_sim *sim, int32_t device, sp_flash_param param, double value) {
  if (!sim) return SP_E_INVALID;
  flash_dev *f = flash_of(sim, device);
  if (!f) return sp__fail(sim, SP_E_RANGE, "flash %d: no such flash device", device);
  if ((int)param < 0 || param >= SP_FP_COUNT)
    return sp__fail(sim, SP_E_INVALID, "flash %d: unknown parameter %d", device, (int)param);
  const param_row *r = &param_rows(SP_TABLE_FLASH, NULL)[param];
  char what[24];
  snprintf(what, sizeof what, "flash[%d]", device);
  sp_status st = param_check(sim, what, r, value);
  if (st != SP_OK) return st;
  if (sim->started)
    return sp__fail(sim, SP_E_STATE, "flash[%d].%s: fixed once the run has started (sp_reset first)", device, r->name);
  f->p[param] = value;
  if (param == SP_FP_CAPACITY_SECTORS) sim->disks[device]->capacity = (int64_t)value;
  sim->host.committed = 0;                /* the NVCache policy reads the capacity at commit */
  return SP_OK;
}

double sp_flash_get(const sp_sim *sim, int32_t device, sp_flash_param param) {
  const flash_dev *f = flash_of(sim, device);
  if (!f || (int)param < 0 || param >= SP_FP_COUNT) return NAN;
  return f->p[param];
}

double sp_flash_op_ms(const sp_sim *sim, int32_t device, int32_t is_write, int32_t sectors) {
  const flash_dev *f = flash_of(sim, device);
  if (!f || is_write < 0 || is_write > 2 || sectors < 0) return NAN;
  return flash_op_ms(f, is_write, sectors);
}

sp_status sp_flash_stats_get(const sp_sim *sim, int32_t device, sp_flash_stats *out) {
  const flash_dev *f = flash_of(sim, device);
  if (!f) return SP_E_RANGE;
  if (!out) return SP_E_INVALID;
  memset(out, 0, sizeof *out);
  out->reads = f->reads; out->writes = f->writes; out->unpins = f->unpins;
  out->erase_mode = (int32_t)f->p[SP_FP_ERASE_MODE];
  out->bytes_read = f->bytes_read; out->bytes_written = f->bytes_written;
  out->busy_ms = f->busy_ms; out->erases = flash_erases(f);
  return SP_OK;
}

/* Event position fields carry the LBN like host events: cyl = lbn >> 31,
 * surface = lbn & 0x7fffffff. */
static sp_status flash_arrive(sp_sim *sim, int32_t di, request *r) {
  flash_dev *f = sim->disks[di]->flash;
  const double t = sim->now;
  const int32_t cyl = (int32_t)(r->lbn >> 31), surf = (int32_t)(r->lbn & 0x7fffffff);
  out_event(sim, t, 0, SP_EV_ARRIVE, di, r->id, r->logical, cyl, surf, r->sectors, r->is_write);
  const double op = flash_op_ms(f, r->is_write ? (r->pinned ? 2 : 1) : 0, r->sectors);
  const double start = f->free_at > t ? f->free_at : t;
  f->free_at = start + op;
  f->busy_ms += op;
  const double bytes = (double)r->sectors * f->p[SP_FP_SECTOR_BYTES];
  if (r->is_write) { f->writes++; f->bytes_written += bytes; }
  else { f->reads++; f->bytes_read += bytes; }
  out_event(sim, start, op, r->is_write ? SP_EV_FLASH_WRITE : SP_EV_FLASH_READ, di, r->id, r->logical, cyl, surf,
            r->sectors, r->pinned);
  r->target_cyl = cyl; r->target_surface = surf;
  r->dispatch = start; r->transfer = op; r->complete = start + op;
  r->media_end = r->complete; r->head_start = r->head_end = 0;
  return event_schedule(sim, r->complete, EV_COMPLETE, di, r);
}

void flash_unpin(sp_sim *sim, int32_t device, int64_t lbn, int32_t sectors) {
  flash_dev *f = sim->disks[device]->flash;
  const double t = sim->now, op = f->p[SP_FP_PIN_MS];
  const double start = f->free_at > t ? f->free_at : t;
  f->free_at = start + op;
  f->busy_ms += op;
  f->unpins++;
  out_event(sim, start, op, SP_EV_FLASH_WRITE, device, -1, -1, (int32_t)(lbn >> 31),
            (int32_t)(lbn & 0x7fffffff), sectors, 2);
}

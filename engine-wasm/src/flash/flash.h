/*
 * flash.h — the flash device (flash.c), for the policy that redirects writes to it.
 */
#ifndef SPINDLE_FLASH_H
#define SPINDLE_FLASH_H
#include "engine.h"

/* flash.c */
void flash_reset(flash_dev *f);
double flash_op_ms(const flash_dev *f, int32_t op, int32_t sectors);   /* op: 0 read, 1 write, 2 pinned write */
double flash_erases(const flash_dev *f);
/* An unpin: pin_ms of the device's time from now (FIFO); no request. */
void flash_unpin(sp_sim *sim, int32_t device, int64_t lbn, int32_t sectors);

#endif

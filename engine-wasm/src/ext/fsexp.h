/*
 * fsexp.h — the file-system reorganization experiment's internals that its
 * tests read (its public calls are in spindle_fs.h).
 */
#ifndef SPINDLE_FSEXP_H
#define SPINDLE_FSEXP_H
#include "engine.h"

/* Consistency of the built file system (fs_check, and the files' bytes and blocks as built): 0 if
 * consistent (for the tests). */
int32_t fsexp_check(const sp_sim *sim);

#endif

/*
 * quadrangle.h — what the quadrangle policy tells others about its volume.
 */
#ifndef SPINDLE_QUADRANGLE_H
#define SPINDLE_QUADRANGLE_H
#include "engine.h"

/* The committed quadrangle's width w (blocks per track) and depth d
 * (tracks); 0 when the volume is not a committed quadrangle. */
int32_t quad_shape(const host *h, int32_t *w, int32_t *d);

#endif

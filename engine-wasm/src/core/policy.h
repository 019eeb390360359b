/*
 * policy.h — the interface every host policy implements: how the volume's
 * blocks map to devices. The host (host.c) owns logical requests, the host
 * queue and statistics; a policy only answers questions about addresses.
 * Every policy is listed once, in policies.c.
 */
#ifndef SPINDLE_POLICY_H
#define SPINDLE_POLICY_H
#include "engine.h"

/* One device request a logical request becomes. */
typedef struct host_piece { int32_t device; int32_t sectors; int64_t lbn; } host_piece;

typedef struct policy_ops {
  const char *name;
  /* Validates the settings in h (devices h->first .. h->first+h->count-1 exist
   * and are committed disks) and sets h->capacity and the policy's fields;
   * fails with the field named. */
  sp_status (*commit)(sp_sim *sim, host *h);
  /* Volume block -> device and device LBN (vlbn < h->capacity). */
  void (*map)(const sp_sim *sim, const host *h, int64_t vlbn, int32_t *device, int64_t *lbn);
  /* The unit holding vlbn: [first, first+count) in volume blocks. */
  void (*unit)(const sp_sim *sim, const host *h, int64_t vlbn, int64_t *first, int64_t *count);
  /* The device requests of [vlbn, vlbn+n): one per contiguous run on a device
   * (runs on one device that touch are merged), in the order their devices
   * are first touched. Returns how many (at most max). */
  int32_t (*split)(const sp_sim *sim, const host *h, int64_t vlbn, int64_t n, host_piece *out, int32_t max);
  /* Optional (NULL: not supported). A semi-sequential request (SP_SUBMIT_SEMISEQ):
   * sectors/b blocks p*w*b apart; returns the pieces, -1 if more than max,
   * -2 if a block is past the volume's end. */
  int32_t (*semiseq)(const sp_sim *sim, const host *h, int64_t vlbn, int64_t n, host_piece *out, int32_t max);
  /* Optional hooks of a policy that runs the host queue itself (NULL: the
   * host's own issue loop). pump: issue from the host queue now. arrive: a
   * logical request just arrived; *done = 1 if the policy answered it (it
   * then never joins the host queue). child_done: a part with a parent
   * completed (before the host counts it; the policy may issue more parts of
   * the same logical request, adding them to its parts and pending counts).
   * bg_done: the policy's own device
   * request (request.bg) completed. */
  sp_status (*pump)(sp_sim *sim, host *h);
  sp_status (*arrive)(sp_sim *sim, host *h, struct lreq *l, int32_t *done);
  sp_status (*child_done)(sp_sim *sim, host *h, const request *r);
  sp_status (*bg_done)(sp_sim *sim, host *h, request *r);
  /* Optional: the state a commit left in h->state: freed (before the next
   * commit, and with the sim), and back to time 0 (sp_reset). */
  void (*free_state)(void *state);
  void (*reset_state)(void *state);
} policy_ops;

/* A device request the host is about to issue, and whose it is. */
typedef struct host_pend { struct lreq *l; host_piece pc; } host_pend;

/* split/semiseq return at most SP_MAX_PIECES pieces (spindle.h); a policy
 * returns -1 when a request needs more (the host fails with SP_E_LIMIT). */

/* policies.c: the policy of a code (SP_POLICY_*; NULL: none). */
const policy_ops *policy_find(int32_t code);

/* Each policy's table, named only by policies.c and the policy itself. */
extern const policy_ops policy_identity;
extern const policy_ops policy_stripe;
extern const policy_ops policy_quadrangle;
extern const policy_ops policy_nvcache;
extern const policy_ops policy_raid4;
extern const policy_ops policy_raid5;

#endif

/*
 * policies.c — the host policies, by their code (SP_POLICY_*): the one place
 * that names them. A new policy is its own file and one line here.
 */
#include "policy.h"

static const policy_ops *const policies[SP_POLICY_COUNT] = {
  [SP_POLICY_IDENTITY] = &policy_identity,
  [SP_POLICY_STRIPE] = &policy_stripe,
  [SP_POLICY_QUADRANGLE] = &policy_quadrangle,
  [SP_POLICY_NVCACHE] = &policy_nvcache,
  [SP_POLICY_RAID4] = &policy_raid4,
  [SP_POLICY_RAID5] = &policy_raid5,
};

const policy_ops *policy_find(int32_t code) {
  return code >= 0 && code < SP_POLICY_COUNT ? policies[code] : NULL;
}

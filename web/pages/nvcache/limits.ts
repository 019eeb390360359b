/* limits.ts — the NVCache page's caps, shared by the page and its worker service. */

/** Most requests a run shown on the page may have (its events are kept for playback). */
export const MAX_RUN_REQUESTS = 20000;

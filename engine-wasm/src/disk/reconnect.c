/*
 * reconnect.c — the bus overheads of a disk that disconnects while its
 * mechanism works, as DiskSim 4.0's controller (disksim_diskctlr.c) charges
 * them: the reselection before a read's data or a write's status, the
 * disconnection after a write's data, and the "Extra write disconnect" path
 * of a write that follows a write elsewhere (disksim_diskcache.c sets it,
 * disk_write_arrive / disk_disconnect / disk_check_bus time it).
 * One outstanding request at a time these are plain delays; on a shared bus
 * the disk holds the bus through its reselection (disk_run.c).
 */
#include "disk.h"

/* Decides at a write's arrival whether it takes the extra write disconnect:
 * the disk has the feature, the last request it accepted was a write that
 * this one does not continue (its segment, at the head of the LRU list, last
 * held a write ending elsewhere), and no other extra disconnect is under way.
 * Call before the disk notes this write as the last one. */
int32_t reconnect_extra_disc(disk *d, const request *r, int32_t prev_write, double t) {
  if (d->p[SP_DP_EXTRA_WRITE_DISCONNECT] == 0 || !r->is_write || !prev_write) return 0;
  if (r->lbn == d->last_write_end || t < d->extradisc_until) return 0;
  /* DiskSim clears its extradisc_diskreq when the data reconnection starts */
  d->extradisc_until = t + d->p[SP_DP_EXTRADISC_COMMAND_MS] + d->p[SP_DP_EXTRADISC_DISCONNECT_MS] + d->p[SP_DP_EXTRADISC_GAP_MS];
  return 1;
}

/* The command overhead of a write on the extra path: its mechanism starts
 * this long after it arrives ("Extradisc command overhead" + seek delta). */
double reconnect_extra_command_ms(const disk *d) {
  return d->p[SP_DP_EXTRADISC_COMMAND_MS] + d->p[SP_DP_EXTRADISC_SEEK_DELTA_MS];
}

/* From the end of a write's command overhead to the start of its data on the
 * bus: the data preparation; on the extra path the controller disconnects
 * after its command, waits, reselects and prepares the data instead. */
double reconnect_write_data_lead(const disk *d, const request *r) {
  const double prep = d->p[SP_DP_DATA_PREP_MS];
  if (!r->extra_disc) return prep;
  return d->p[SP_DP_EXTRADISC_DISCONNECT_MS] + d->p[SP_DP_EXTRADISC_GAP_MS] + d->p[SP_DP_RESELECT_MS] + prep -
         d->p[SP_DP_EXTRADISC_SEEK_DELTA_MS];
}

/* When a write (not reported at once) asks for the bus to send its status:
 * its media access is over and the disconnection after its data is too. */
double reconnect_write_status_at(const disk *d, const request *r, double bus_end, double media_end) {
  const double back = bus_end + d->p[r->extra_disc ? SP_DP_EXTRADISC_DISCONNECT2_MS : SP_DP_WRITE_DISCONNECT_MS];
  return back > media_end ? back : media_end;
}

/* The reselection before a write's status ("Other reselect overhead" after
 * an extra disconnect, else the first). */
double reconnect_write_reselect_ms(const disk *d, const request *r) {
  return d->p[r->extra_disc ? SP_DP_RESELECT_OTHER_MS : SP_DP_RESELECT_MS];
}

/* How many of a write's n sectors its segment must hold before the media
 * writes any: with the extra write disconnect, DiskSim's
 * disk_buffer_block_available refuses a sector while the segment holds fewer
 * than min(n, 10) sectors (15 for a write of 45 or more); without it, none
 * beyond the sector's own. */
int64_t reconnect_write_fill(const disk *d, int64_t n) {
  if (d->p[SP_DP_EXTRA_WRITE_DISCONNECT] == 0) return 0;
  return n >= 45 ? 15 : n < 10 ? n : 10;
}

/* How many of a write's n sectors its first connection sends: DiskSim's
 * disk_request_needs_bus asks for min(n, segment size); with no cache, all. */
int64_t reconnect_write_first(const disk *d, int64_t n) {
  const int64_t seg = (int64_t)d->p[SP_DP_CACHE_SEGMENT_SECTORS];
  return d->nsegs > 0 && seg > 0 && n > seg ? seg : n;
}

/* A write larger than its segment: how many sectors the media must have
 * written before the disk reconnects for the rest. DiskSim
 * (disk_request_needs_bus, disk_buffer_request_complete) reconnects once the
 * buffered sectors left unwritten are at most the write water mark,
 * max(1, (int)(min(segment, n) * "Low (write) water mark")), and the segment
 * has a sector free. */
int64_t reconnect_write_refill_after(const disk *d, int64_t n) {
  const int64_t seg = reconnect_write_first(d, n);
  int64_t mark = (int64_t)((double)seg * d->p[SP_DP_WRITE_WATERMARK]);
  if (mark < 1) mark = 1;
  return seg - mark > 1 ? seg - mark : 1;
}

/* The reselection and data preparation before the data of a read the media
 * serves (it disconnected after its command). */
double reconnect_read_lead(const disk *d) {
  return d->p[SP_DP_RESELECT_MS] + d->p[SP_DP_DATA_PREP_MS];
}

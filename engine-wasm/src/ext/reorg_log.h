/*
 * reorg_log.h — phase 1 of the dynamic reorganization (Edwards & Song),
 * logging per inode, because "finer statistics (i.e., at the level of the
 * block) would require an excessive amount of main memory": "Each time a
 * file is opened, the inode number of the previous open call is recorded in
 * the file's list of access sequences, along with the time difference
 * between the two accesses. The time of the last access of the file can also
 * be recorded." The phase ends at a memory limit ("The limit set on
 * reorganization data was 5 MB") or a time limit (the caller's).
 *
 * Memory is accounted as the spec proposes (EXPERIMENTS.md 4.5, [X]; the
 * paper gives only totals: "only 3 MB ... for 5 GB of data"): 32 B per logged
 * inode (a file opened at least once) and 16 B per sequence entry (a
 * distinct predecessor of a file). The real allocation is a per-file array
 * and a hash table of entries; only the accounted bytes meet the limit.
 * Prefix reorg_ (with reorg_place.h).
 */
#ifndef SPINDLE_REORG_LOG_H
#define SPINDLE_REORG_LOG_H
#include "spindle_fs.h"

#define REORG_LOG_INODE_BYTES 32
#define REORG_LOG_ENTRY_BYTES 16

typedef struct reorg_log reorg_log;

/* A log for files 0 .. files-1; NULL on out of memory or files < 0. A
 * negative limit is 0 (nothing can be logged). */
reorg_log *reorg_log_new(int32_t files, int64_t limit_bytes);
void    reorg_log_free(reorg_log *g);
/* An open of `file` at time t: count++, last access = t, and (if another
 * open came before in this epoch) the previous open's file with the time gap
 * added to this file's sequence list (an existing entry for that
 * predecessor: its count++ and gap summed). Returns 0 when logged, 1 when
 * the memory limit is reached (this open and every later one, until
 * reorg_log_clear, are not logged), SP_E_RANGE for a file outside the log,
 * SP_E_INVALID for a NaN time, SP_E_NOMEM if the table cannot grow (nothing
 * logged). */
int32_t reorg_log_open(reorg_log *g, int32_t file, double t);
int64_t reorg_log_bytes(const reorg_log *g);   /* accounted memory the log holds now */
int64_t reorg_log_opens(const reorg_log *g);   /* opens logged */
int32_t reorg_log_files(const reorg_log *g);   /* inodes logged (opened at least once) */
int32_t reorg_log_full(const reorg_log *g);    /* 1 once the memory limit was reached */
int32_t reorg_log_count(const reorg_log *g, int32_t file);     /* 0 outside the log */
double  reorg_log_last(const reorg_log *g, int32_t file);      /* -1: never opened */
/* The most frequent predecessor of file (-1: none) and how often it preceded
 * (ties: the smaller file index). A file following itself is an entry in the
 * log (it costs memory) but never its own predecessor here: it says nothing
 * about where the file should go. */
int32_t reorg_log_pred(const reorg_log *g, int32_t file, int32_t *times);
/* The sequence entry "pred opened just before file": how many times (0: no
 * entry) and, if gap_ms is not NULL, the sum of the time gaps. */
int32_t reorg_log_seq(const reorg_log *g, int32_t file, int32_t pred, double *gap_ms);
void    reorg_log_clear(reorg_log *g);   /* a new epoch of logging: empty, limit kept */
#endif

/*
 * fs.h — a minimal ext2-like file system over a partition of 4 KB blocks:
 * block groups of `bpg` blocks, each starting with an inode table (128-byte
 * inodes, 32 per block), files (and directories) as an inode + runs of data
 * blocks, a bitmap of used blocks and per-group counts. Allocation follows
 * the FFS rule the reorganization paper quotes: a new inode goes to a group
 * with fewer allocated inodes than the average (the first such from a
 * rotating cursor; when every group holds the same number, the cursor's);
 * data blocks come from the inode's group while it has at least the average
 * free blocks, else from the group with the most free blocks, in runs from
 * the group's first free block. A second allocator places a file at a goal
 * block (the reorganizer's moves). Block numbers are partition blocks.
 */
#ifndef SPINDLE_FS_H
#define SPINDLE_FS_H
#include <stdint.h>

#define FS_BLOCK_BYTES 4096
#define FS_INODES_PER_BLOCK 32

typedef struct fs_run { int64_t start; int32_t len, pad; } fs_run;

typedef struct fs_obj {          /* a file or a directory */
  int64_t bytes;
  int32_t nblocks;               /* data blocks: ceil(bytes / 4 KB) */
  int32_t inode;                 /* group * ipg + slot */
  fs_run *runs; int32_t nruns;   /* data blocks in file order */
  int32_t is_dir;
} fs_obj;

typedef struct fs {
  int64_t blocks;                /* partition blocks (whole groups; the last may be short) */
  int32_t bpg, ipg, groups, itable;   /* itable: inode-table blocks at each group's start */
  uint64_t *used;                /* bitmap of used blocks (inode tables included) */
  uint64_t *inode_used;          /* bitmap of used inodes, groups * ipg bits */
  int32_t *free_blocks;          /* per group */
  int32_t *inodes;               /* allocated inodes per group */
  int64_t *hint;                 /* per group: no free block below this one */
  int32_t *inode_hint;           /* per group: no free inode slot below this one */
  int64_t total_free, total_inodes;
  int32_t cursor;                /* where the inode search starts */
  fs_obj *obj; int32_t nobj, cap;
} fs;

/* NULL if out of memory or the shape is impossible (a group smaller than its inode table). */
fs *fs_new(int64_t blocks, int32_t bpg, int32_t ipg);
void fs_free(fs *f);
int32_t fs_group_of(const fs *f, int64_t block);
int64_t fs_group_first(const fs *f, int32_t g);          /* first block of group g */
int64_t fs_group_size(const fs *f, int32_t g);            /* blocks of group g */
int64_t fs_inode_block(const fs *f, int32_t inode);       /* the inode-table block holding it */
int64_t fs_first_block(const fs *f, int32_t obj);         /* its first data block (-1: none) */
int32_t fs_is_used(const fs *f, int64_t block);

/* The FFS inode rule: the group a new inode goes to (-1: every group full). */
int32_t fs_ffs_inode_group(const fs *f);
/* Creates an object of `bytes` by the FFS rules; its index, or -1 (no room). */
int32_t fs_create(fs *f, int64_t bytes, int32_t is_dir);

/* A new place for an object: an inode in the goal's group (the nearest group with a free
 * inode) and data blocks from the goal onward: the first free stretch of its whole size
 * within FS_MOVE_WINDOW groups' length of the goal, else the first free blocks (wrapping).
 * (With one group's length, moved files came out fragmented often enough to cost 12 % more
 * disk reads per request than the baseline on the paper-scale run; with four, none.)
 * 0, or -1 (no room: nothing allocated). The object keeps its old place until fs_move_commit. */
#define FS_MOVE_WINDOW 4
int32_t fs_alloc_at(fs *f, int32_t obj, int64_t goal, int32_t *inode, fs_run **runs, int32_t *nruns);
/* Frees the object's old inode and blocks and installs the new ones (runs is taken over). */
void fs_move_commit(fs *f, int32_t obj, int32_t inode, fs_run *runs, int32_t nruns);
/* Gives back a place fs_alloc_at made but that is not used. */
void fs_alloc_undo(fs *f, int32_t inode, fs_run *runs, int32_t nruns);

/* Consistency: the bitmap is exactly the inode tables plus every object's runs plus the n
 * places allocated but not committed yet (runs[i], nruns[i], inodes[i]: moves under way), no
 * block is in two, the counts agree. 0 if consistent, else a negative code naming the check. */
int32_t fs_check(const fs *f, fs_run *const *runs, const int32_t *nruns, const int32_t *inodes, int32_t n);
#endif

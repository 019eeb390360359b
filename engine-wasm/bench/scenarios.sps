# Benchmark scenarios (npm run bench): each setup is run several times
# natively (build/native/bench) and as wasm in Node (scripts/bench/), and the
# figure is the median. Disk: atlas10k.sps, which scripts/bench/main.ts writes
# next to a copy of this file (build/bench/) from the Quantum Atlas 10K preset
# (presets/disks/quantum-atlas-10k.json: the calls configureDisk makes).
# Events are off (the default) unless a scenario says otherwise.

# Random 4 KB reads, FCFS, one outstanding (the issue's headline figure).
setup rand4k_fcfs_onereq 1
include atlas10k.sps
wl count 300000
wl size_sectors 8

# Random track-sized reads (start anywhere), two outstanding (tworeq).
setup track_tworeq 2
include atlas10k.sps
set queue_depth 2
wl outstanding 2
wl count 100000
wl size_tracks 1

# Random 64 KB reads and writes (half each), 16 outstanding, SPTF.
setup mixed64k_sptf_q16 3
include atlas10k.sps
set queue_depth 16
set scheduler 4
wl outstanding 16
wl count 100000
wl size_sectors 128
wl read_fraction 0.5

# A sequential 1 MB read stream through the cache, read-ahead on.
setup seq1m_cache 4
include atlas10k.sps
wl pattern 1
wl count 30000
wl size_sectors 2048

# Cost per request vs request size: random reads, FCFS, one outstanding.
setup size_64k_onereq 5
include atlas10k.sps
wl count 100000
wl size_sectors 128

setup size_256k_onereq 6
include atlas10k.sps
wl count 50000
wl size_sectors 512

setup size_1m_onereq 7
include atlas10k.sps
wl count 30000
wl size_sectors 2048

# The headline workload again with the event stream on (chunks of 64 Ki events).
setup rand4k_fcfs_onereq_events 1
include atlas10k.sps
output 65536 0
wl count 300000
wl size_sectors 8

# The flash-backed policy (nvcache) on the desktop generator: a flash device
# beside the disk (engine defaults, 80 MB FQueue), C-LOOK Request Queue, mimic
# estimator, idle purge on; 70 % writes of 0.5-128 KB in bursts.
setup nvcache_desktop 8
include atlas10k.sps
flash
host policy 3
host flash_device 1
host scheduler 3
wl arrivals 1
wl pattern 2
wl count 100000
wl size_dist 2
wl size_sectors 16
wl size_max_sectors 256
wl read_fraction 0.3

# The same without idle purge: the FQueue fills to its high watermark (about
# ten thousand entries), so every decision looks through a full FQueue.
setup nvcache_full_fqueue 9
include atlas10k.sps
flash
host policy 3
host flash_device 1
host scheduler 3
host idle_purge 0
wl arrivals 1
wl pattern 2
wl count 30000
wl size_dist 2
wl size_sectors 16
wl size_max_sectors 256
wl read_fraction 0.3

# A drive-managed shingled drive under random 4 KB writes, one outstanding:
# media-cache appends, then a band clean (read and rewrite 16 tracks, the
# busiest band picked from all of them) each time the cache is full.
setup smr_dm_rand4k_writes 11
smr
set rpm 5900
set seek_a 1.0
set seek_b 0.2
set seek_c 8.98
set seek_e 0.000459
set seek_boundary 2000
set write_overhead_ms 0.1
zone 0 19999 2000 0 250 0 0
sset band_tracks 16
sset guard_tracks 1
sset conventional_tracks 40
sset clean_idle_ms -1
commit
wl count 100000
wl size_sectors 8
wl read_fraction 0

# Setups whose full output (events, results, statistics) the determinism tests
# hash: test_determinism.c (natively: repeated and interleaved runs) and
# tests/determinism.wasm.test.ts (wasm vs native, via build/native/dethash).
# Between them they cover every scheduler, the cache with read-ahead, zero
# latency, immediately reported writes, open and closed arrivals, explicit
# requests and two disks, a volume striped over four disks (sector and track
# units), host queues (SSTF, C-LOOK, a depth limit), linked batches and a
# RAID-5 whose four disks share one bus. Small
# chunk sizes make every run stream in chunks.

setup fcfs_closed_onereq 1
include small_disk.sps
output 512 64
wl count 1500
wl size_sectors 8

setup sstf_closed_q8_mixed 2
include small_disk.sps
set queue_depth 8
set scheduler 1
output 700 100
wl outstanding 8
wl count 1500
wl size_dist 1
wl size_sectors 1
wl size_max_sectors 64
wl read_fraction 0.7

setup look_open_q16 3
include small_disk.sps
set queue_depth 16
set scheduler 2
output 1000 128
wl arrivals 1
wl rate_per_s 150
wl count 1500
wl size_dist 2
wl size_sectors 16
wl size_max_sectors 400

setup clook_open_writes_immediate 4
include small_disk.sps
set queue_depth 4
set scheduler 3
set write_cache 1
output 800 128
wl arrivals 1
wl rate_per_s 120
wl count 1500
wl read_fraction 0.3
wl size_sectors 24

setup sptf_zero_latency_tworeq_aligned 5
include small_disk.sps
set queue_depth 2
set scheduler 4
set zero_latency 1
output 600 50
wl outstanding 2
wl count 1000
wl size_tracks 1
wl align 1
wl region_lbns 300000

setup sptf_q16_mixed_64k 6
include small_disk.sps
set queue_depth 16
set scheduler 4
set write_cache 1
output 900 90
wl outstanding 16
wl count 1500
wl size_sectors 128
wl read_fraction 0.5

setup cache_read_ahead_sequential 7
include small_disk.sps
set read_ahead 2
output 500 40
wl pattern 1
wl count 1500
wl size_sectors 64
wl think_ms 0.5

setup cache_track_end_random_small 8
include small_disk.sps
set read_ahead 1
set queue_depth 4
set scheduler 4
output 400 40
wl outstanding 3
wl count 1500
wl size_sectors 4
wl region_lbns 20000

setup trace_two_disks 9
include small_disk.sps
include small_disk.sps
set zero_latency 1
set scheduler 4
set queue_depth 8
output 300 30
host first_device 1
wl arrivals 1
wl rate_per_s 200
wl count 500
submit 0 0 0 8 0
submit 0 0.5 100000 16 1
submit 0 0.5 100016 16 1
submit 0 2 5000 200 0
submit 0 2 5200 200 0
submit 1 3 777 8 0
submit 0 10 400000 1 1
submit 0 10 0 8 0
submit 1 11 3000 300 1
submit 0 12 250000 64 0
submit 0 40 250064 64 0
submit 0 41 250128 64 0

setup stripe_sectors_four_disks_open 10
include small_disk.sps
include small_disk.sps
include small_disk.sps
include small_disk.sps
host policy 1
host devices 4
host stripe_sectors 64
output 900 70
wl arrivals 1
wl rate_per_s 200
wl count 800
wl size_dist 1
wl size_sectors 1
wl size_max_sectors 300
wl read_fraction 0.6

setup stripe_tracks_closed_sstf_depth2 11
include small_disk.sps
include small_disk.sps
set scheduler 4
set queue_depth 4
host policy 1
host devices 2
host stripe_tracks 1
host scheduler 1
host queue_depth 2
output 700 50
wl outstanding 6
wl count 700
wl size_tracks 1.5
wl align 1
wl read_fraction 0.8

setup host_queue_clook_identity_immediate 12
include small_disk.sps
set write_cache 1
set queue_depth 2
host scheduler 3
host queue_depth 3
output 500 40
wl arrivals 1
wl rate_per_s 180
wl count 900
wl size_sectors 16
wl read_fraction 0.5

setup linked_batches_explicit 13
include small_disk.sps
include small_disk.sps
set scheduler 4
set queue_depth 8
use 0
set scheduler 4
set queue_depth 8
host policy 1
host devices 2
host stripe_sectors 100
host queue_depth 4
output 200 20
wl arrivals 1
wl rate_per_s 100
wl count 150
vsubmit 0 5000 8 2
vsubmit 0 90 40 2
vsubmit 0 12000 16 3
vsubmit 0 30000 8 0
vsubmit 1 100 300 0
vsubmit 2 7000 64 2
vsubmit 2 1500 64 0
submit 0 3 20000 8 2
submit 0 3 150 8 2
submit 0 3 9000 8 0
vsubmit 4 17000 8 1
submit 1 5 400 8 0
vsubmit 20 2000 200 2
vsubmit 20 2200 200 2
vsubmit 20 36000 200 0

# A quadrangle volume (Atropos) over two small disks (slipped and remapped
# defects: those tracks are skipped), VLBNs of 8 sectors, depth D, SPTF disks,
# pre-scheduled batches: synthetic requests, semi-sequential requests (flag 4)
# and whole track rows.
setup quadrangle_semiseq_prescheduled 29
include small_disk.sps
set scheduler 4
set queue_depth 16
include small_disk.sps
set scheduler 4
set queue_depth 16
host policy 2
host devices 2
host block_sectors 8
host preschedule 1
host queue_depth 3
output 300 30
wl outstanding 2
wl count 120
wl size_sectors 24
vsubmit 0 0 24 4
vsubmit 0 384 16 4
vsubmit 3 4608 24 4
vsubmit 3 1000 400 0
vsubmit 9 96 24 5
vsubmit 30 9600 24 4

# The NVCache policy: a disk and a flash device, random writes and reads from
# the workload generator (open arrivals) over a small region, a small FQueue:
# redirection, coalescing, overwrites, no-room writes, flushing, purging and
# reads from the DRAM FQueue all happen; the mimic estimator.
setup nvcache_mimic_flush_purge 11
include small_disk.sps
flash
fset capacity_sectors 128
fset erase_mode 1
host policy 3
host flash_device 1
host scheduler 3
host high_watermark 0.75
host low_watermark 0.5
output 500 50
wl arrivals 1
wl rate_per_s 300
wl count 400
wl read_fraction 0.2
wl size_dist 1
wl size_sectors 4
wl size_max_sectors 32
wl region_lbns 2000

# A drive-managed shingled drive: random writes (Poisson arrivals) over a
# small media cache, so writes are appended, the cache fills,
# writes stall for band cleans, and idle time cleans bands; reads between.
setup smr_drive_managed_cache_cleaning 16
smr
set rpm 7200
set seek_a 0.8
set seek_b 0.12
set seek_c 3.0
set seek_e 0.004
set seek_boundary 400
set write_overhead_ms 0.2
set bus_ms_per_sector 0.01
zone 0 199 200 0 30 0 0
zone 200 399 160 0 24 0 0
sset band_tracks 8
sset guard_tracks 1
sset conventional_tracks 4
sset clean_idle_ms 40
commit
output 600 64
wl arrivals 1
wl rate_per_s 60
wl count 800
wl read_fraction 0.3
wl size_sectors 16

# A host-managed shingled drive: sequential writes from a zone's start (at
# the pointer, then across its end: refused), random writes (refused unless in
# a conventional zone), an explicitly opened zone written at its pointer, a
# finished zone refusing its start, reads anywhere; then the workload's
# sequential writes from zone 5's start: at the pointer, into zone 6 at its end.
setup smr_host_managed_write_pointers 17
smr
set rpm 7200
set seek_a 0.8
set seek_b 0.12
set seek_boundary 100000
set write_overhead_ms 0.2
zone 0 299 200 0 30 0 0
sset mode 2
sset band_tracks 16
sset guard_tracks 2
sset conventional_tracks 32
commit
output 60 16
wl count 500
wl pattern 1
wl read_fraction 0
wl region_first_lbn 16000
vsubmit 0 6400 64 9
vsubmit 0 6464 64 9
vsubmit 0 6528 3136 9
vsubmit 0 6400 8 9
vsubmit 0 100 8 9
vsubmit 0 9600 8 8
zone_action 3 0
zone_action 4 2
vsubmit 0 12864 8 9
vsubmit 0 9600 8 9
vsubmit 0 6400 8 9

# RAID-5 over four disks on one bus (shared_bus): commands, data and
# completions take turns on it; the host holds each disk's requests (C-LOOK).
setup raid5_one_shared_bus_open 31
include small_disk.sps
set shared_bus 1
set read_completion_ms 0.05
include small_disk.sps
set shared_bus 1
set read_completion_ms 0.05
include small_disk.sps
set shared_bus 1
set read_completion_ms 0.05
include small_disk.sps
set shared_bus 1
set read_completion_ms 0.05
host policy 5
host devices 4
host stripe_sectors 64
host device_queue 1
host scheduler 3
output 800 64
wl arrivals 1
wl rate_per_s 120
wl count 800
wl size_dist 1
wl size_sectors 8
wl size_max_sectors 200
wl read_fraction 0.6

# A small zoned disk for tests (call script, see test/script.h): 3 zones,
# 4 surfaces, skews, 2 spare sectors per track, slipped and remapped defects,
# the two-piece seek curve, controller overheads, a bus and a 4-segment cache.
disk
set surfaces 4
set rpm 7200
set seek_a 0.8
set seek_b 0.12
set seek_c 3.0
set seek_e 0.004
set seek_boundary 400
set write_settle_ms 0.3
set head_switch_ms 0.4
set cyl_switch_ms 0.9
set read_overhead_ms 0.1
set write_overhead_ms 0.2
set read_hit_overhead_ms 0.05
set bus_ms_per_sector 0.01
set read_fence_sectors 8
set cache_segments 4
set cache_segment_sectors 256
zone 0 399 200 30 50 1 2
zone 400 999 160 24 40 1 2
zone 1000 1499 120 18 30 1 2
defect 3 1 17 0
defect 3 1 18 0
defect 50 2 100 1
defect 700 0 5 1
defect 1200 3 119 0
commit

# A disk like the Quantum Atlas 10K (DiskSim 4.0 validation model QUANTUM_TORNADO),
# as a call script (engine-wasm/test/script.h): geometry, zones, skews, spares,
# slipped defects and the measured seek table of atlas10k.model/.seek, controller
# and cache from atlas10k.diskspecs. Used by the benchmarks (npm run bench).
# Simplifications: spares as "sectors per zone"; DiskSim slips (zone-relative
# physical block numbers) become slipped defects at block / spt, block % spt.
# Derived from data under this notice:
#   DiskSim Storage Subsystem Simulation Environment (Version 4.0)
#   Revision Authors: John Bucy, Greg Ganger
#   Contributors: John Griffin, Jiri Schindler, Steve Schlosser
#   
#   Copyright (c) of Carnegie Mellon University, 2001-2008.
#   
#   This software is being provided by the copyright holders under the
#   following license. By obtaining, using and/or copying this software,
#   you agree that you have read, understood, and will comply with the
#   following terms and conditions:
#   
#   Permission to reproduce, use, and prepare derivative works of this
#   software is granted provided the copyright and "No Warranty" statements
#   are included with all reproductions and derivative works and associated
#   documentation. This software may also be redistributed without charge
#   provided that the copyright and "No Warranty" statements are included
#   in all redistributions.
#   
#   NO WARRANTY. THIS SOFTWARE IS FURNISHED ON AN "AS IS" BASIS.
#   CARNEGIE MELLON UNIVERSITY MAKES NO WARRANTIES OF ANY KIND, EITHER
#   EXPRESSED OR IMPLIED AS TO THE MATTER INCLUDING, BUT NOT LIMITED
#   TO: WARRANTY OF FITNESS FOR PURPOSE OR MERCHANTABILITY, EXCLUSIVITY
#   OF RESULTS OR RESULTS OBTAINED FROM USE OF THIS SOFTWARE. CARNEGIE
#   MELLON UNIVERSITY DOES NOT MAKE ANY WARRANTY OF ANY KIND WITH RESPECT
#   TO FREEDOM FROM PATENT, TRADEMARK, OR COPYRIGHT INFRINGEMENT.
#   COPYRIGHT HOLDERS WILL BEAR NO LIABILITY FOR ANY USE OF THIS SOFTWARE
#   OR DOCUMENTATION.
disk
set surfaces 6
set sector_bytes 512
set rpm 10025
set seek_model 1
set write_settle_ms 0.487
set head_switch_ms 0.176
set read_overhead_ms 0
set write_overhead_ms 0.34492
set read_hit_overhead_ms 0.184
set write_hit_overhead_ms 0.186
set bus_ms_per_sector 0.099
set cache_segments 10
set cache_segment_sectors 374
set read_ahead 2
set write_cache 1
set zero_latency 1
zone 0 432 334 63 113 3 89
zone 433 848 334 63 113 3 84
zone 849 1264 334 63 113 3 87
zone 1265 1688 324 63 101 3 85
zone 1689 2104 324 63 101 3 84
zone 2105 2520 324 63 101 3 85
zone 2521 2936 324 62 101 3 84
zone 2937 3360 324 61 98 3 92
zone 3361 3776 324 61 98 3 87
zone 3777 4192 324 61 98 3 85
zone 4193 4608 324 61 98 3 85
zone 4609 5032 306 58 98 3 79
zone 5033 5448 306 58 98 3 89
zone 5449 5864 302 57 92 3 88
zone 5865 6280 293 56 91 3 73
zone 6281 6704 288 55 91 3 85
zone 6705 7120 288 55 88 3 72
zone 7121 7536 280 54 88 3 77
zone 7537 7952 270 51 87 3 66
zone 7953 8376 262 51 83 3 66
zone 8377 8792 255 48 83 3 66
zone 8793 9208 246 47 75 3 60
zone 9209 9624 237 45 75 3 60
zone 9625 10041 229 44 75 3 229
defect 27 2 241 0
defect 178 4 100 0
defect 196 5 110 0
defect 209 5 27 0
defect 241 2 110 0
defect 945 5 156 0
defect 1072 2 268 0
defect 1190 1 237 0
defect 1541 3 119 0
defect 2133 1 62 0
defect 3008 0 120 0
defect 3086 5 14 0
defect 3253 4 257 0
defect 3254 1 32 0
defect 3255 4 77 0
defect 3256 1 176 0
defect 3257 4 221 0
defect 3258 1 320 0
defect 3635 4 147 0
defect 3663 2 120 0
defect 3675 3 307 0
defect 4181 3 295 0
defect 4343 2 287 0
defect 4983 5 168 0
defect 5098 0 64 0
defect 5099 5 293 0
defect 5099 5 294 0
defect 5100 0 200 0
defect 5100 0 201 0
defect 5101 5 123 0
defect 5102 0 30 0
defect 5103 5 259 0
defect 5103 5 260 0
defect 5104 0 166 0
defect 5416 3 248 0
defect 5618 4 46 0
defect 5799 1 163 0
defect 5799 1 164 0
defect 5816 1 104 0
defect 5817 4 146 0
defect 5818 1 238 0
defect 5819 4 280 0
defect 5820 1 70 0
defect 5821 4 112 0
defect 5822 1 205 0
defect 6277 4 31 0
defect 6555 3 283 0
defect 6555 3 284 0
defect 6556 2 259 0
defect 6556 2 260 0
defect 6557 3 123 0
defect 6557 3 124 0
defect 6558 2 99 0
defect 6558 2 100 0
defect 6559 3 251 0
defect 6559 3 252 0
defect 6560 2 227 0
defect 6560 2 228 0
defect 6667 1 35 0
defect 7150 1 233 0
defect 7244 1 35 0
defect 7244 1 36 0
defect 7374 3 2 0
defect 7407 1 158 0
seek_point 1 1.245
seek_point 2 1.157
seek_point 3 1.163
seek_point 4 1.378
seek_point 5 1.355
seek_point 6 1.437
seek_point 7 1.494
seek_point 8 1.645
seek_point 9 1.506
seek_point 10 1.531
seek_point 12 1.515
seek_point 14 1.535
seek_point 16 1.547
seek_point 18 1.576
seek_point 20 1.62
seek_point 25 1.628
seek_point 30 1.698
seek_point 35 1.804
seek_point 40 1.929
seek_point 45 2.051
seek_point 50 1.863
seek_point 60 2.313
seek_point 70 1.927
seek_point 80 2.42
seek_point 90 1.97
seek_point 100 2.011
seek_point 125 2.083
seek_point 150 2.531
seek_point 175 2.38
seek_point 200 2.651
seek_point 225 2.785
seek_point 250 2.858
seek_point 275 2.843
seek_point 300 2.93
seek_point 325 2.992
seek_point 350 2.987
seek_point 375 3.047
seek_point 400 3.146
seek_point 425 3.065
seek_point 450 3.159
seek_point 475 3.298
seek_point 500 3.208
seek_point 600 3.097
seek_point 700 3.263
seek_point 800 3.321
seek_point 900 3.516
seek_point 1000 3.82
seek_point 1100 3.892
seek_point 1200 3.825
seek_point 1300 3.92
seek_point 1400 5.225
seek_point 1500 4.198
seek_point 1600 4.513
seek_point 1700 4.305
seek_point 1800 4.426
seek_point 1900 4.802
seek_point 2000 4.842
seek_point 2100 4.975
seek_point 2200 5.013
seek_point 2300 5.162
seek_point 2400 4.891
seek_point 2500 5.224
seek_point 2600 5.395
seek_point 2700 5.158
seek_point 2800 5.218
seek_point 2900 5.32
seek_point 3000 5.643
seek_point 3100 5.468
seek_point 3200 5.465
seek_point 3300 5.63
seek_point 3400 5.664
seek_point 3500 5.703
seek_point 3600 5.809
seek_point 3700 5.862
seek_point 3800 6.059
seek_point 3900 6.2
seek_point 4000 6.226
seek_point 4100 6.313
seek_point 4200 6.415
seek_point 4300 6.255
seek_point 4400 6.357
seek_point 4500 6.405
seek_point 4600 6.486
seek_point 4700 9.463
seek_point 4800 6.714
seek_point 4900 6.816
seek_point 5000 6.814
seek_point 5100 7.239
seek_point 5200 7.306
seek_point 5300 7.025
seek_point 5400 7.103
seek_point 5500 7.257
seek_point 5600 7.221
seek_point 5700 7.332
seek_point 5800 7.377
seek_point 5900 7.443
seek_point 6000 7.525
seek_point 6100 7.61
seek_point 6200 7.706
seek_point 6300 7.744
seek_point 6400 7.806
seek_point 6500 7.892
seek_point 6600 7.992
seek_point 6700 8.079
seek_point 6800 8.078
seek_point 6900 8.17
seek_point 7000 8.205
seek_point 7100 8.359
seek_point 7200 8.686
seek_point 7300 8.778
seek_point 7400 8.539
seek_point 7500 8.551
seek_point 7600 8.999
seek_point 7700 8.714
seek_point 7800 9.192
seek_point 7900 8.852
seek_point 8000 8.951
seek_point 8100 9.058
seek_point 8200 9.117
seek_point 8300 9.137
seek_point 8400 9.213
seek_point 8500 9.337
seek_point 8600 9.433
seek_point 8700 9.542
seek_point 8800 9.494
seek_point 8900 9.65
seek_point 9000 10.114
seek_point 9100 10.092
seek_point 9200 9.807
seek_point 9300 9.911
seek_point 9400 10.234
seek_point 9500 10.499
seek_point 9600 10.16
seek_point 9700 10.664
seek_point 9800 10.694
seek_point 9900 10.854
seek_point 10000 10.464
seek_point 10021 10.828
commit

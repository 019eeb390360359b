# Peak engine memory (npm run bench): a million random 4 KB reads on the
# Atlas 10K with the event stream on, streamed in chunks and never kept.
setup memory_1m_events 1
include atlas10k.sps
output 65536 4096
wl count 1000000
wl size_sectors 8

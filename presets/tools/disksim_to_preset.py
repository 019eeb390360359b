#!/usr/bin/env python3
"""
disksim_to_preset.py -- builds Spindle disk presets (presets/disks/<id>.json)
from DiskSim 4.0 validated drive parameters (.model + .seek + .diskspecs).

    python3 presets/tools/disksim_to_preset.py [DISKSIM_DIR] [OUT_DIR]

DISKSIM_DIR defaults to ../shared/reference/disksim, OUT_DIR to presets/disks.
Run it from the repository root. The output is data; this script is only how
the data was made, kept so anyone can check or redo it. It also checks, for
every drive, that the number of LBNs the layout holds equals the .model's
"Block count" (it fails otherwise).

How DiskSim 4.0's layout (diskmodel/layout_g1.c) is read -- see presets/README.md
"DiskSim sparing schemes" for the details and the evidence:
  * "Sparing scheme used" 1 = TRACK_SPARING: "Number of spares" whole tracks at the
    end of each zone; "slips" are zone-relative TRACK numbers.
  * 7 = SECTATEND_SPARING: every slip moves the zone's later LBNs on by one sector
    into as many spare sectors at the end of the zone ("Number of spares" unused).
  * 9 = SECTSPERZONE_SPARING: "Number of spares" sectors at the end of each zone;
    slips move later LBNs of the zone on by one sector into them.
  * slips (schemes 7, 9) are zone-relative PHYSICAL sector numbers, counted from the
    zone's first sector ("Empty space at zone front" included) in LBN track order:
    n -> relative cylinder n // (S*bpt), track-in-cylinder (n // bpt) % S, slot n % bpt.
  * "LBN-to-PBN mapping scheme" 1 (CYLSWITCHONSURF1): odd cylinders (counted from the
    zone's first) visit the surfaces in reverse; 2: odd absolute cylinders.
  * Cylinders in no zone (gaps between zones) hold no LBN: they become zones of spare tracks.
  * DiskSim maps LBNs up to the end of the last zone; the drive exposes only "Block
    count". The difference is the drive's unexposed space at the end of the disk: it
    becomes extra spare sectors at the end of the last zone, so capacity = Block count.
"""
import json
import math
import os
import re
import sys

SCHEME_NAMES = {1: 'TRACK_SPARING', 7: 'SECTATEND_SPARING', 9: 'SECTSPERZONE_SPARING',
                3: 'SECTPERTRACK_SPARING', 8: 'SECTPERRANGE_SPARING'}


def num(text, key):
    m = re.search(re.escape(key) + r'\s*=\s*(-?[\d.]+)', text)
    if not m:
        raise ValueError(f'missing "{key}"')
    v = float(m.group(1))
    return int(v) if v == int(v) and '.' not in m.group(1) else v


def parse_model(path):
    t = open(path).read()
    d = {
        'surfaces': num(t, 'Number of data surfaces'),
        'cylinders': num(t, 'Number of cylinders'),
        'blocks': num(t, 'Block count'),
        'scheme': num(t, 'Sparing scheme used'),
        'mapping': num(t, 'LBN-to-PBN mapping scheme'),
        'rangesize': num(t, 'Rangesize for sparing'),
        'single_seek': float(num(t, 'Single cylinder seek time')),
        'full_seek': float(num(t, 'Full strobe seek time')),
        'write_settle': float(num(t, 'Add. write settling delay')),
        'head_switch': float(num(t, 'Head switch time')),
        'rpm': float(num(t, 'Rotation speed (in rpms)')),
        'seek_type': re.search(r'Seek type\s*=\s*(\w+)', t).group(1),
        'seek_file': (re.search(r'Full seek curve\s*=\s*([\w.]+)', t) or [None, None])[1],
    }
    m = re.search(r'HPL seek equation values\s*=\s*\[([^\]]*)\]', t)
    if m and not m.group(0).lstrip().startswith('#') and d['seek_type'].startswith('hpl'):
        d['hpl'] = [float(x) for x in re.findall(r'-?[\d.]+', m.group(1))]
        m10 = re.search(r'\n\s*First ten seek times\s*=\s*\[([^\]]*)\]', t)
        d['first10'] = [float(x) for x in re.findall(r'-?[\d.]+', m10.group(1))] if m10 else []
    zones = []
    for zb in re.split(r'dm_layout_g1_zone\s*\{', t)[1:]:
        z = {
            'first': int(num(zb, 'First cylinder number')),
            'last': int(num(zb, 'Last cylinder number')),
            'bpt': int(num(zb, 'Blocks per track')),
            'offset': float(num(zb, 'Offset of first block')),
            'dead': int(num(zb, 'Empty space at zone front')),
            'tskew': float(num(zb, 'Skew for track switch')),
            'cskew': float(num(zb, 'Skew for cylinder switch')),
            'spares': int(num(zb, 'Number of spares')),
        }
        z['slips'] = [int(x) for x in re.findall(r'\d+', re.search(r'slips\s*=\s*\[([^\]]*)\]', zb).group(1))]
        z['defects'] = [int(x) for x in re.findall(r'\d+', re.search(r'defects\s*=\s*\[([^\]]*)\]', zb).group(1))]
        for k in ('tskew', 'cskew'):
            if z[k] != int(z[k]):
                raise ValueError(f'zone {len(zones)}: {k} {z[k]} is not whole sectors')
            z[k] = int(z[k])
        if z['offset'] == int(z['offset']):
            z['offset'] = int(z['offset'])   # whole sectors print as such; fractional ones are kept
        zones.append(z)
    d['zones'] = zones
    return d


def parse_seek(path):
    pts = []
    for line in open(path):
        line = line.strip()
        if not line or line.startswith('Seek'):
            continue
        a, b = line.split(',')
        pts.append([int(a), float(b)])
    return pts


def parse_specs(path):
    t = open(path).read()
    keys = ['Bulk sector transfer time', 'Max queue length', 'Number of buffer segments', 'Segment size (in blks)',
            'Enable caching in buffer', 'Buffer continuous read', 'Maximum read-ahead (blks)', 'Fast write level',
            'Immediate buffer read', 'Immediate buffer write', 'High (read) water mark', 'Use separate write segment',
            'Read hit over. after read', 'Read hit over. after write', 'Read miss over. after read',
            'Read miss over. after write', 'Write hit over. after read', 'Write hit over. after write',
            'Write miss over. after read', 'Write miss over. after write', 'Read-ahead over requested',
            'Scheduling policy', 'Read completion overhead', 'Write completion overhead', 'Data preparation overhead',
            'Low (write) water mark', 'Set watermark by reqsize', 'Read-ahead on idle hit', 'Minimum seek delay',
            'Extra write disconnect', 'Maximum number of write segments', 'Immed transfer partial hit', 'Stop prefetch in sector',
            'Allow read hits on write data', 'Read any free blocks'] + \
        [k for k, _ in RECONNECT_FIELDS]
    out = {k: num(t, k) for k in keys}
    out.update(parse_specs_mechanics(t))
    return out


def read_any_free(specs):
    """DiskSim "Read any free blocks = 1": its seek ends reading whatever passes under the head
    (disksim_diskctlr.c disk_buffer_seekdone), and disk_buffer_block_available lets an empty segment take
    blocks before the read's first one (disksim_diskcache.c). Only with caching (DiskSim refuses it without)."""
    return bool(specs['Read any free blocks']) and bool(specs['Enable caching in buffer'])


def write_segments(specs):
    """DiskSim keeps at most "Maximum number of write segments" segments dirty; it matters only with fast writes
    (None without them)."""
    return int(specs['Maximum number of write segments']) if specs['Fast write level'] > 0 else None


def read_hits_on_writes(specs):
    """DiskSim "Allow read hits on write data = 1": a write's segment stays readable, dirty or destaged
    (disksim_diskcache.c disk_buffer_select_read_segment; disk_release_hda leaves it clean, not empty). Reads never
    look in a separate write segment ("Use separate write segment = 1"), so there the flag gives no hit."""
    return bool(specs['Allow read hits on write data']) and not specs['Use separate write segment'] and \
        bool(specs['Enable caching in buffer'])


def parse_specs_mechanics(t):
    """The .diskspecs fields of the mechanics beyond one overhead per request kind."""
    return {'Preseeking level': num(t, 'Preseeking level'), 'Never disconnect': num(t, 'Never disconnect')}


def zone_layout_fields(z, meta):
    """A DiskSim zone's front space and first-block offset, as the preset's zone fields. DiskSim restarts
    every zone's skew at its "Offset of first block", 0 included, so the offset is stated."""
    out = {}
    if z['dead']:
        out['frontSpaceSectors'] = z['dead']
    out['firstBlockOffset'] = z['offset']
    return out


def controller_mechanics(specs, meta):
    """Controller fields beyond the command overheads: preseeking (DiskSim "Preseeking level" 0 = none) unless the
    drive's entry says why not ('preseek_not_applied'); the driver queue above the disk's "Max queue length" (DiskSim's
    device driver holds what the disk cannot take, so a command's overhead starts when the disk takes it); the
    completion overheads where not zero."""
    out = {}
    if not specs['Preseeking level'] and 'preseek_not_applied' not in meta:
        out['preseek'] = False
    out['driverQueue'] = True
    for key, field in (('Read completion overhead', 'readCompletionMs'), ('Write completion overhead', 'writeCompletionMs'),
                       ('Data preparation overhead', 'dataPrepMs')):
        if specs[key]:
            out[field] = float(specs[key])
    if write_watermark(specs):
        out['writeWatermark'] = write_watermark(specs)
    out.update(reconnect_fields(specs))
    if specs['Immed transfer partial hit']:
        out['partialHitImmediate'] = True
    return out


# DiskSim's reconnection overheads (disksim_diskctlr.c: disk_check_bus reselects with "First reselect overhead", and
# with "Other reselect overhead" for a write on the extra disconnect path; disk_reconnection_or_transfer_complete
# disconnects after a write's data; disk_write_arrive / disk_disconnect time the "Extradisc" path) and their fields.
RECONNECT_FIELDS = [('First reselect overhead', 'reselectMs'), ('Write disconnect overhead', 'writeDisconnectMs'),
                    ('Extradisc command overhead', 'extraDisconnectCommandMs'), ('Extradisc seek delta', 'extraDisconnectSeekDeltaMs'),
                    ('Extradisc disconnect overhead', 'extraDisconnectMs'),
                    ('Extradisc inter-disconnect delay', 'extraDisconnectGapMs'),
                    ('Extradisc 2nd disconnect overhead', 'extraDisconnectSecondMs'), ('Other reselect overhead', 'reselectOtherMs')]
EXTRADISC_KEYS = {'Extradisc command overhead', 'Extradisc seek delta', 'Extradisc disconnect overhead',
                  'Extradisc inter-disconnect delay', 'Extradisc 2nd disconnect overhead', 'Other reselect overhead'}


def reconnect_fields(specs):
    """The reconnection overheads where not zero; the "Extradisc" ones (and "Other reselect overhead", used only on that
    path) only with "Extra write disconnect = 1". DiskSim sets the extra path only when "Never disconnect" is 0."""
    extra = bool(specs['Extra write disconnect']) and not specs['Never disconnect']
    out = {'extraWriteDisconnect': True} if extra else {}
    for key, field in RECONNECT_FIELDS:
        if specs[key] and (extra or key not in EXTRADISC_KEYS):
            out[field] = float(specs[key])
    return out


def write_watermark(specs):
    """DiskSim's "Low (write) water mark" as a share of each write ("Set watermark by reqsize = 1"), else None. DiskSim
    consults it only to reconnect for more of a write's data (disk_request_needs_bus, disk_buffer_request_complete), every
    drive alike."""
    w = float(specs['Low (write) water mark'])
    return w if w > 0 and specs['Set watermark by reqsize'] == 1 else None


def extra_write_fill(specs):
    """DiskSim's disk_buffer_block_available, with "Extra write disconnect = 1": a write's media writes nothing while its
    segment holds fewer than min(n, 10) of its n sectors (15 for 45 or more). The low water mark is consulted only when
    the disk reconnects for more of a write's data (disk_request_needs_bus, disk_buffer_request_complete), which a write
    that fits its segment never needs: the fill, not the mark, holds the media."""
    return bool(reconnect_fields(specs).get('extraWriteDisconnect'))


def reads_only_zero_latency(specs):
    """DiskSim "Immediate buffer read = 1" with "Immediate buffer write = 0": reads start where the head lands, writes
    wait for their first sector (disksim_diskctlr.c sets currdisk->immed from immedread or immedwrite by the access)."""
    return bool(specs['Immediate buffer read']) and not specs['Immediate buffer write']


def mechanics_notes(specs, meta):
    """What the preset says about the zone offsets and preseeking, and why a DiskSim value is not applied."""
    notes = ['"Empty space at zone front" is frontSpaceSectors, given to the engine exactly (sp_disk_set_zone).',
             'Skew: DiskSim restarts each zone\'s skew at its "Offset of first block" (firstBlockOffset, given to the engine '
             'exactly). Cylinders in no DiskSim zone hold no LBN and state no offset.']
    depth = int(specs['Max queue length'])
    notes.append(f'Queueing: the disk holds at most {depth} command{"s" if depth != 1 else ""} ("Max queue length = {depth}", {meta["specs"]}); '
                 'DiskSim\'s device driver holds the rest' + (f' ({meta["parv"]}: driver "Scheduling policy = 1", FCFS; '
                 '"Use queueing in subsystem = 1")' if 'parv' in meta else meta.get('driver_where', '')) +
                 ' and sends one when the disk completes one, so its controller overhead starts then: controller.driverQueue true.')
    done = [f'"{k} = {specs[k]}"' for k in ('Read completion overhead', 'Write completion overhead') if specs[k]]
    if done:
        notes.append('Completion overheads: ' + ', '.join(done) + ' (time from the end of the data transfer to the completion '
                     'reaching the host): controller.readCompletionMs / writeCompletionMs.')
    if specs['Data preparation overhead']:
        notes.append(f'Data preparation: "Data preparation overhead = {specs["Data preparation overhead"]}" (disksim_diskctlr.c adds it '
                     'to the command overhead before a write\'s data or a read hit\'s data crosses the bus): controller.dataPrepMs.')
    if write_watermark(specs):
        notes.append(f'Write water mark: "Low (write) water mark = {specs["Low (write) water mark"]}" with "Set watermark by reqsize = 1" '
                     '(disksim_diskcache.c: a write\'s watermark is that share of min(segment size, its sectors), rounded down, at '
                     'least 1): controller.writeWatermark. DiskSim consults it only when the disk reconnects for more of a write\'s '
                     'data (disksim_diskctlr.c: disk_request_needs_bus, disk_buffer_request_complete): a write larger than its segment '
                     'sends the rest once the media has left at most that many of the buffered sectors unwritten. It never holds a '
                     'write\'s media, which writes each sector whose data is in (disk_buffer_block_available).')
    if extra_write_fill(specs):
        notes.append('Segment fill: with "Extra write disconnect = 1" a write\'s media writes nothing while its segment holds fewer '
                     'than min(n, 10) of the write\'s n sectors, 15 for 45 or more (disksim_diskcache.c disk_buffer_block_available), '
                     'which the engine applies with controller.extraWriteDisconnect.')
    done = [f'"{k} = {specs[k]}"' for k, f in RECONNECT_FIELDS if f in reconnect_fields(specs)]
    if done:
        notes.append('Reconnection: ' + ', '.join(done) + (' with "Extra write disconnect = 1"' if specs['Extra write disconnect'] else '')
                     + ' (disksim_diskctlr.c: the disk disconnects while its mechanism works; a read the media serves reselects '
                     'and prepares its data before it crosses the bus, a write disconnects after its data and reselects for its '
                     'status; a write after a write it does not continue takes the "Extradisc" path): controller.reselectMs, '
                     'writeDisconnectMs, extraWriteDisconnect and the extraDisconnect… / reselectOtherMs fields.')
    notes.append(f'Read-ahead stop: "Stop prefetch in sector = {specs["Stop prefetch in sector"]}" (disksim_diskctlr.c: a read that '
                 'needs the mechanism stops a running read-ahead as it arrives, disk_buffer_stopable_access letting a head switch '
                 'or seek under way end' + ('' if specs['Stop prefetch in sector'] else ' and the sector under the head pass') +
                 ', and disk_check_hda starts its positioning after its overhead plus that wait): cache.readAheadStop "' +
                 ('arrival' if specs['Stop prefetch in sector'] else 'arrival-sector') + '".')
    if specs['Immed transfer partial hit']:
        notes.append('Partial hits: "Immed transfer partial hit = 1" (disksim_diskctlr.c, disk_read_arrive: a read partly in the '
                     'buffer that finds the disk free sends its buffered part after the read hit overhead, the read water mark '
                     'asked only when this is 0): controller.partialHitImmediate.')
    if reads_only_zero_latency(specs):
        notes.append('Zero latency: "Immediate buffer read = 1" and "Immediate buffer write = 0": reads start where the head '
                     'lands, writes wait for their first sector (DiskSim\'s controller takes the one flag or the other by the '
                     'access): mechanics.zeroLatencyWrites false.')
    if specs['Minimum seek delay']:
        notes.append(f'Minimum seek delay: "Minimum seek delay = {specs["Minimum seek delay"]}" (disksim_diskctlr.c gives it to a write '
                     'that does not continue the write under way; disk_initiate_seek starts a shorter seek, settle included, that '
                     'much later): mechanics.minWriteSeekMs.')
    level = specs['Preseeking level']
    if level == 0 and 'preseek_not_applied' in meta:
        notes.append('Preseeking: DiskSim "Preseeking level = 0" is not applied: ' + meta['preseek_not_applied'])
    elif level == 0:
        notes.append('Preseeking: DiskSim "Preseeking level = 0" (none: the next request\'s positioning waits for the previous '
                     'request\'s completion), controller.preseek false.')
    return notes


def zone_lbns(d, z):
    """LBNs of a DiskSim zone (dm_layout_g1_compute_blksinband)."""
    cyls = z['last'] - z['first'] + 1
    n = cyls * z['bpt'] * d['surfaces'] - z['dead']
    s = d['scheme']
    if s == 1:
        n -= z['spares'] * z['bpt']
    elif s == 7:
        n -= len(z['slips'])
    elif s == 9:
        n -= z['spares']
    else:
        raise ValueError(f'sparing scheme {s} not handled')
    return n


def reversed_cyl(d, z, cyl):
    if d['mapping'] == 1:
        return (cyl - z['first']) % 2 == 1
    if d['mapping'] == 2:
        return cyl % 2 == 1
    return False


def slip_to_defect(d, z, n, zi):
    S, bpt = d['surfaces'], z['bpt']
    if d['scheme'] == 1:   # a whole track
        rel_cyl, h = divmod(n, S)
        cyl = z['first'] + rel_cyl
        surf = S - 1 - h if reversed_cyl(d, z, cyl) else h
        return {'cyl': cyl, 'surface': surf, 'policy': 'slip', 'note': f'DiskSim zone {zi} slip {n} (track)'}
    rel_cyl, rest = divmod(n, S * bpt)
    h, slot = divmod(rest, bpt)
    cyl = z['first'] + rel_cyl
    if cyl > z['last']:
        raise ValueError(f'zone {zi}: slip {n} is past the zone')
    surf = S - 1 - h if reversed_cyl(d, z, cyl) else h
    return {'cyl': cyl, 'surface': surf, 'slot': slot, 'policy': 'slip', 'note': f'DiskSim zone {zi} slip {n}'}


def build_layout(d, meta):
    """Zones and defects in the preset format, plus the capacity check."""
    S = d['surfaces']
    scheme = d['scheme']
    if scheme not in SCHEME_NAMES:
        raise ValueError(f'sparing scheme {scheme} not handled')
    out, defects = [], []
    total = 0
    expect = 0
    for zi, z in enumerate(d['zones']):
        if z['defects']:
            raise ValueError('remapped defects (defect/remap pairs) are not converted: the engine picks remap targets itself')
        if z['first'] > expect:   # cylinders between zones: no LBNs
            prev = out[-1] if out else None
            gap = z['first'] - expect
            out.append({
                'firstCyl': expect, 'lastCyl': z['first'] - 1,
                'sectorsPerTrack': prev['sectorsPerTrack'] if prev else z['bpt'],
                'trackSkew': prev['trackSkew'] if prev else z['tskew'],
                'cylSkew': prev['cylSkew'] if prev else z['cskew'],
                'spare': {'kind': 'tracks-per-zone', 'count': gap * S},
                'note': f'cylinder{"s" if gap > 1 else ""} in no DiskSim zone (between zones {zi - 1} and {zi}): spare, no LBNs',
            })
        elif z['first'] < expect:
            raise ValueError(f'zone {zi} overlaps the previous one')
        if scheme == 1:
            spare = {'kind': 'tracks-per-zone', 'count': z['spares']}
        elif scheme == 7:
            spare = {'kind': 'sectors-per-zone', 'count': len(z['slips'])}
        else:
            spare = {'kind': 'sectors-per-zone', 'count': z['spares']}
        pz = {'firstCyl': z['first'], 'lastCyl': z['last'], 'sectorsPerTrack': z['bpt'],
              'trackSkew': z['tskew'], 'cylSkew': z['cskew'], 'spare': spare}
        pz.update(zone_layout_fields(z, meta))
        pz['note'] = f'DiskSim zone {zi}' + (f', {len(z["slips"])} slipped defect{"s" if len(z["slips"]) > 1 else ""}' if z['slips'] else '')
        out.append(pz)
        for n in z['slips']:
            defects.append(slip_to_defect(d, z, n, zi))
        total += zone_lbns(d, z)
        expect = z['last'] + 1
    if expect != d['cylinders']:
        raise ValueError(f'zones end at {expect - 1}, the disk has {d["cylinders"]} cylinders')
    extra = total - d['blocks']
    if extra < 0:
        raise ValueError(f'layout holds {total} LBNs, fewer than Block count {d["blocks"]}')
    last = out[-1]
    if extra:
        if last['spare']['kind'] != 'sectors-per-zone':
            raise ValueError('truncation needs sectors-per-zone sparing in the last zone')
        last['spare']['count'] += extra
        last['note'] += (f'; spare count = DiskSim\'s {last["spare"]["count"] - extra} + {extra} sectors '
                         f'past the drive\'s Block count ({d["blocks"]}): the drive does not expose them')
    return out, defects, total, extra


def overhead(specs, what):
    r, w = specs[f'{what} over. after read'], specs[f'{what} over. after write']
    return float(r) if r == w else {'afterRead': float(r), 'afterWrite': float(w)}


READ_AHEAD = {0: 'none', 1: 'track-end', 2: 'cylinder-end', 3: 'continue', 4: 'track-adaptive'}
READ_AHEAD_WHY = {
    0: 'no read-ahead',
    1: 'read to the end of the track',
    2: 'read to the end of the cylinder',
    3: 'read until the segment is full (BUFFER_READ_UNTIL_SEG_END)',
    4: 'read to the end of the track holding the next LBN, one more track if the segment already held the previous track (BUFFER_DEC_PREFETCH_SCHEME)',
}


def make_preset(meta, src_dir):
    d = meta.get('adapt', lambda m: m)(parse_model(os.path.join(src_dir, meta['model'])))
    specs = parse_specs(os.path.join(src_dir, meta['specs']))
    if d['seek_type'] == 'extracted':
        pts = parse_seek(os.path.join(src_dir, d['seek_file']))
        seek = {'model': 'table', 'points': pts}
    elif d['seek_type'] in ('hpl', 'hplplus10'):
        v1, a, b, c, e, one = d['hpl']
        overrides = []
        if d['seek_type'] == 'hplplus10':
            overrides = [[i + 1, t] for i, t in enumerate(d['first10'])]
        elif one != -1:
            overrides = [[1, one]]
        seek = {'model': 'curve', 'a': a, 'b': b, 'c': c, 'e': e, 'boundary': int(v1)}
        if overrides:
            seek['points'] = overrides
        f = lambda x: dict(overrides).get(x, a + b * math.sqrt(x) if x < v1 else c + e * x)
        pts = [[x, round(f(x), 10)] for x in (1, 10, d['cylinders'] - 1)]
    else:
        raise ValueError(f'seek type {d["seek_type"]} not handled')
    zones, defects, total, extra = meta.get('layout', build_layout)(d, meta)
    files = f"{meta['model']}, {d['seek_file']}, {meta['specs']}"
    if specs['Enable caching in buffer'] == 0:
        raise ValueError('caching disabled: not handled')
    if specs['Scheduling policy'] != 1:
        raise ValueError('only FCFS (Scheduling policy = 1) is converted')
    mapping_order = {0: 'normal', 1: 'alternate-per-zone', 2: 'alternate'}[d['mapping']]
    notes = [
        f'Built by presets/tools/disksim_to_preset.py from DiskSim 4.0\'s validated parameters ({files}); '
        'see presets/README.md for how each DiskSim field maps to this format.',
        f'Sparing: DiskSim scheme {d["scheme"]} ({SCHEME_NAMES[d["scheme"]]}). ' + {
            1: 'Spare tracks at the end of each zone; slips are whole tracks.',
            7: 'Each slipped sector moves the zone\'s later LBNs on by one, into as many spare sectors at the end of the zone (spare count = number of slips).',
            9: 'Spare sectors at the end of each zone ("Number of spares"); slipped sectors move the zone\'s later LBNs on by one, into them.',
            3: 'Spare sectors at the end of every track ("Number of spares" per track).',
            8: SECTPERRANGE_NOTE,
        }[d['scheme']] + ' Slips are converted from DiskSim\'s zone-relative physical sector numbers to (cylinder, surface, slot).',
        f'DiskSim\'s layout holds {total} LBNs; the drive exposes {d["blocks"]} ("Block count"): '
        + (f'the last {extra} are the drive\'s unexposed space at the end of the disk and are spares of the last zone here.' if extra else 'they agree.'),
        ('The seek curve is DiskSim\'s measured table ("Seek type = extracted"), linearly interpolated; seek(0) = 0. '
         if d['seek_type'] == 'extracted' else
         'The seek curve is DiskSim\'s "HPL seek equation values" [boundary, a, b, c, e, single-cylinder time or -1] (the Ruemmler & Wilkes '
         'two-piece curve)' + (' with its "First ten seek times" replacing distances 1..10 (seek type hplplus10)' if d['seek_type'] == 'hplplus10' else '')
         + '. ')
        + 'DiskSim\'s effective positioning time for a track change is max(seek(d), head switch), plus the write settle on writes.',
        f'Read-ahead: DiskSim "Buffer continuous read = {specs["Buffer continuous read"]}" = {READ_AHEAD_WHY[specs["Buffer continuous read"]]}; '
        f'at most {specs["Maximum read-ahead (blks)"]} sectors ("Maximum read-ahead").'
        + (' "Read-ahead on idle hit = 1": a read answered whole from the buffer with the mechanism idle sends it back to read '
           'ahead past the hit (cache.readAheadOnHit).' if specs['Read-ahead on idle hit'] else ''),
        f'Write caching: DiskSim "Fast write level = {specs["Fast write level"]}" (writes reported once their data is in the buffer).',
    ]
    if 'bus_note' in meta:
        notes.append(meta['bus_note'])
    elif 'bus' not in meta:
        notes.append(f'Bus: DiskSim\'s "Bulk sector transfer time" of {specs["Bulk sector transfer time"]} ms per sector, as extracted with the model.')
    if False:
        notes.append(meta['bus_note'])
    if specs['High (read) water mark'] == 0:
        notes.append('Read fence: DiskSim "High (read) water mark = 0" (bus transfer starts with the first sector), so 0.')
    notes += mechanics_notes(specs, meta)
    if d['mapping']:
        notes.append(f'DiskSim "LBN-to-PBN mapping scheme = {d["mapping"]}": cylinder switches stay on the same surface '
                     '(odd cylinders visit the surfaces in reverse), surfaceOrder "' + mapping_order + '". Defects are given by physical surface.')
    if specs['Use separate write segment']:
        notes.append('DiskSim "Use separate write segment = 1": one of the segments is kept for writes.')
    nw = write_segments(specs)
    if nw:
        notes.append(f'DiskSim "Maximum number of write segments = {nw}" of {specs["Number of buffer segments"]} segments '
                     '(disksim_diskcache.c: with that many segments dirty, a write gets a segment only by appending to one; '
                     f'the queue holds any other write until one is destaged): cache.writeSegments {nw}, a write that '
                     'continues no buffered run and finds no segment free waits for a destage.')
    if read_hits_on_writes(specs):
        notes.append('DiskSim "Allow read hits on write data = 1" (disksim_diskcache.c: a read may hit a segment holding '
                     'write data, dirty, being written or destaged; disk_release_hda leaves a written segment clean instead '
                     'of empty): cache.readHitsOnWrites, a write\'s data readable in its segment until the segment is reused.')
    elif specs['Allow read hits on write data']:
        notes.append('DiskSim "Allow read hits on write data = 1" gives no hit here: with "Use separate write segment = 1" '
                     'writes go to the dedicated segment, where disksim_diskcache.c\'s disk_buffer_select_read_segment '
                     'only checks for collisions, never for hits.')
    if read_any_free(specs):
        notes.append('DiskSim "Read any free blocks = 1" (disksim_diskctlr.c disk_buffer_seekdone starts reading on '
                     'landing; disksim_diskcache.c disk_buffer_block_available lets an empty segment take blocks before '
                     'the read\'s first): cache.readAnyFree, a read miss keeping the sectors of its first track the head '
                     'passed on the way to its first.')
    if d['seek_type'] == 'extracted' and abs(pts[0][1] - d['single_seek']) > 1e-9:
        notes.append(f'The .model\'s "Single cylinder seek time" ({d["single_seek"]} ms) differs from the table\'s first point '
                     f'({pts[0][1]} ms); DiskSim\'s extracted model uses the table.')
    notes += meta.get('notes', [])
    p = {
        'format': 'spindle-disk-preset/1',
        'id': meta['id'],
        'name': meta['name'],
        'description': meta['description'],
        'sources': [
            {'id': 'disksim', 'cite': 'DiskSim 4.0 validation suite (J. Bucy, J. Schindler, S. Schlosser, G. Ganger; Carnegie Mellon University): '
                                      f'{files}', 'where': f'DiskSim model "{meta["disksim_name"]}"; parameters as extracted by DIXtrac and validated by the DiskSim authors',
             'file': '../shared/reference/disksim/'},
        ] + meta.get('sources', []),
        'notice': 'DISKSIM-NOTICE',
        'estimated': meta.get('estimated', []),
        'notes': notes,
        'geometry': {
            'sectorBytes': 512,
            'surfaces': d['surfaces'],
            'cylinders': d['cylinders'],
            'rpm': d['rpm'],
            'surfaceOrder': mapping_order,
            'zones': zones,
            'defects': defects,
        },
        'mechanics': {
            'seek': seek,
            **({'singleCylinderSeekMs': d['single_seek'], 'fullStrokeSeekMs': d['full_seek']} if d['seek_type'] == 'extracted' else {}),
            'writeSettleMs': d['write_settle'],
            'headSwitchMs': d['head_switch'],
            'cylSwitchMs': None,
            'zeroLatency': bool(specs['Immediate buffer read']),
            **({'zeroLatencyWrites': False} if reads_only_zero_latency(specs) else {}),
            **({'minWriteSeekMs': specs['Minimum seek delay']} if specs['Minimum seek delay'] else {}),
        },
        'controller': {
            'readMissOverheadMs': overhead(specs, 'Read miss'),
            'writeMissOverheadMs': overhead(specs, 'Write miss'),
            'readHitOverheadMs': overhead(specs, 'Read hit'),
            'writeHitOverheadMs': overhead(specs, 'Write hit'),
            'busMsPerSector': float(meta.get('bus', specs['Bulk sector transfer time'])),
            **({'busWriteMsPerSector': float(meta['bus_write'])} if 'bus_write' in meta else {}),
            'readFenceSectors': meta.get('fence', 0),
            **({'readFenceFraction': meta['fence_fraction']} if 'fence_fraction' in meta else {}),
            'queueDepth': int(specs['Max queue length']),
            'scheduler': 'fcfs',
            **controller_mechanics(specs, meta),
        },
        'cache': {
            'segments': int(specs['Number of buffer segments']),
            'segmentSectors': int(specs['Segment size (in blks)']),
            'readAhead': READ_AHEAD[specs['Buffer continuous read']],
            'maxReadAheadSectors': int(specs['Maximum read-ahead (blks)']),
            **({'readAheadOnHit': True} if specs['Read-ahead on idle hit'] else {}),
            'readAheadStop': 'arrival' if specs['Stop prefetch in sector'] else 'arrival-sector',
            'writeCache': 'immediate' if specs['Fast write level'] > 0 else 'off',
            **({'writeSegments': write_segments(specs)} if write_segments(specs) else {}),
            **({'readHitsOnWrites': True} if read_hits_on_writes(specs) else {}),
            **({'readAnyFree': True} if read_any_free(specs) else {}),
        },
        'stated': {
            'capacityLbns': d['blocks'],
            'capacitySource': f'{meta["model"]}: "Block count = {d["blocks"]}"',
            'seekChecks': ([
                {'kind': 'point', 'distance': pts[0][0], 'ms': pts[0][1], 'toleranceMs': 1e-9,
                 'source': f'{d["seek_file"]}: first measured point'},
                {'kind': 'point', 'distance': pts[len(pts) // 2][0], 'ms': pts[len(pts) // 2][1], 'toleranceMs': 1e-9,
                 'source': f'{d["seek_file"]}: a measured point'},
                {'kind': 'point', 'distance': pts[-1][0], 'ms': pts[-1][1], 'toleranceMs': 1e-9,
                 'source': f'{d["seek_file"]}: last measured point' + (
                     f' (= the .model\'s "Full strobe seek time")' if abs(pts[-1][1] - d['full_seek']) < 1e-9 else '')},
            ] if d['seek_type'] == 'extracted' else [
                {'kind': 'point', 'distance': x, 'ms': t, 'toleranceMs': 1e-9,
                 'source': f'{meta["model"]}: ' + ('"First ten seek times"' if x <= 10 and 'points' in seek else 'HPL seek equation')}
                for x, t in pts
            ]) + meta.get('seekChecks', []),
        },
    }
    if specs['Fast write level'] == 1:
        p['cache']['immediateReportRule'] = 'sequential'
    return p, total, extra


DRIVES = [
    {
        'id': 'quantum-atlas-10k',
        'preseek_not_applied': 'the track-aligned extents paper measured this drive with two requests outstanding (Fig. 5: 32 % less '
                               'head time for track-sized reads), which needs the next positioning to overlap the previous bus '
                               'transfer; with preseeking off the model gives 18.8 %. DiskSim\'s validation traces (one request '
                               'outstanding) never exercise this setting, so the measurement of the drive is taken over it.',
        'name': 'Quantum Atlas 10K (9.1 GB)',
        'disksim_name': 'QUANTUM_TORNADO_validate',
        'model': 'atlas10k.model', 'specs': 'atlas10k.diskspecs',
        'description': '10,000 RPM, 9.1 GB Ultra2 SCSI disk of 1999 with zero-latency access: one of the four disks of the '
                       'track-aligned extents paper. Full DiskSim layout: 24 zones, per-zone skews, 64 slipped defects, '
                       'measured seek curve.',
        'sources': [
            {'id': 'traxtents', 'cite': 'J. Schindler, J. L. Griffin, C. R. Lumb, G. R. Ganger, Track-aligned extents: matching access '
                                        'patterns to disk drive characteristics, FAST 2002',
             'where': 'Section 5.1: zero-latency access on the Atlas 10K; its average seek in the first zone, 2.4 ms; attached through an 80 MB/s Ultra2 Wide SCSI adapter',
             'file': '../shared/seeds/000_5bfe07f39ad45468.txt'},
        ],
        'seekChecks': [
            {'kind': 'average', 'firstCyl': 0, 'lastCyl': 432, 'ms': 2.4, 'toleranceMs': 0.15,
             'source': 'Track-aligned extents, section 5.1: "the Atlas 10K\'s longer average seek time of 2.4 ms" for random requests in the '
                       'first zone (DiskSim zone 0, cylinders 0..432). The table gives 2.29 ms for independent uniform cylinders; '
                       'tolerance 0.15 ms: the paper quotes one decimal and measures seeks that include head switches.'},
        ],
        'bus_note': 'Bus: DiskSim\'s validated "Bulk sector transfer time" of 0.099 ms per sector, the drive as DiskSim models it. '
                    'The track-aligned extents paper ran this disk on an 80 MB/s Ultra2 Wide SCSI adapter (0.0064 ms per sector, '
                    'section 5.1): the experiments that reproduce that paper set that adapter in their own setups.',
        'notes': [
            'The paper measured writes without write-back caching (it discusses their head time); DiskSim\'s model reports writes at once.',
        ],
    },
    {
        'id': 'ibm-ultrastar-18es',
        'name': 'IBM Ultrastar 18ES (DNES-309170W, 9.1 GB)',
        'disksim_name': 'IBM_DNES-309170W_validate',
        'model': 'ibm18es.model', 'specs': 'ibm18es.diskspecs',
        'description': '7,200 RPM, 9.1 GB Ultra2 SCSI disk of 1998 without zero-latency access: one of the four disks of the '
                       'track-aligned extents paper. Full DiskSim layout: 55 zones with a spare cylinder between most of them, '
                       '122 slipped defects, measured seek curve.',
        'sources': [
            {'id': 'traxtents', 'cite': 'J. Schindler, J. L. Griffin, C. R. Lumb, G. R. Ganger, Track-aligned extents: matching access '
                                        'patterns to disk drive characteristics, FAST 2002',
             'where': 'Section 5.1: the Ultrastar 18ES does not support zero-latency access; its rotational latency is 4 ms; attached through an 80 MB/s Ultra2 Wide SCSI adapter',
             'file': '../shared/seeds/000_5bfe07f39ad45468.txt'},
        ],
        'bus_note': 'Bus: DiskSim\'s validated "Bulk sector transfer time" of 0.101 ms per sector, the drive as DiskSim models it. '
                    'The track-aligned extents paper ran this disk on an 80 MB/s Ultra2 Wide SCSI adapter (0.0064 ms per sector, '
                    'section 5.1): the experiments that reproduce that paper set that adapter in their own setups.',
        'notes': [
            'DiskSim zone 0 starts with 1950 sectors of "Empty space at zone front" (cylinder 0, the drive\'s reserved area): '
            'frontSpaceSectors, given to the engine exactly (sp_disk_set_zone).',
        ],
    },
    {
        'id': 'seagate-cheetah-9lp',
        'name': 'Seagate Cheetah 9LP (ST39102LW, 9.1 GB)',
        'disksim_name': 'SEAGATE_ST39102LW_validate',
        'model': 'cheetah9LP.model', 'specs': 'cheetah9LP.diskspecs',
        'description': '10,000 RPM, 9.1 GB Ultra2 SCSI disk of 1998: 12 surfaces, 11 zones with a spare cylinder between them, '
                       '594 slipped defects, measured seek curve. A Seagate of the same era as the track-aligned extents disks.',
        'bus_note': 'Bus: DiskSim\'s validated "Bulk sector transfer time" of 0.105 ms per sector, the drive as DiskSim models it '
                    '(its Ultra2 Wide interface could move 80 MB/s; an experiment that assumes such an adapter sets it in its own setup).',
    },
    {
        'id': 'hp-c2247a',
        'name': 'HP C2247A (1 GB)',
        'disksim_name': 'HP_C2247A_validate',
        'model': 'hp_c2247a_validate.model', 'specs': 'hp_c2247a.diskspecs',
        'description': '5,400 RPM, 1 GB fast SCSI-2 disk of 1992: 13 surfaces, 8 zones, track sparing with 38 slipped tracks. '
                       'The drive whose finely tuned model (Worthington and Ganger) the 1994 paper cites at a 0.4-1.9 % demerit.',
        'sources': [
            {'id': 'rw94', 'cite': 'C. Ruemmler and J. Wilkes, An introduction to disk drive modeling, IEEE Computer 27(3):17-29, March 1994',
             'where': 'Model summary and Table 3: the University of Michigan model of the HP C2247 (controller costs, demerit about 1 %)',
             'file': '../shared/seeds/004_c68af84d0504d85e.txt'},
            {'id': 'disksim-validation', 'cite': 'DiskSim 4.0 validation run of the HP C2247A (hp_c2247a.parv, with the measured trace hp_c2247a.trace)',
             'where': 'hp_c2247a.parv: BUS1 "Read block transfer time = 0.17010", "Write block transfer time = 0.18686"; BUS0 and CTLR0 transfer times 0',
             'file': '../shared/reference/disksim/validation/hp_c2247a.parv'},
        ],
        'driver_where': ' (validation/hp_c2247a.parv: driver "Scheduling policy = 1", FCFS; "Use queueing in subsystem = 1")',
        'bus': 0.17010,
        'bus_write': 0.18686,
        'bus_note': 'Bus: 0.17010 ms per sector for reads and 0.18686 for writes, the "Read/Write block transfer time" of the bus '
                    'between the controller and the disk (BUS1) in DiskSim\'s validation run of this drive (validation/hp_c2247a.parv; '
                    'the diskspecs\' "Bulk sector transfer time = 0" leaves the rate to that bus). DiskSim\'s other bus (BUS0) and its '
                    'controller (CTLR0) add nothing there (transfer times 0, "Scale for delays = 0").',
        'fence': 0,
        'fence_fraction': 0.75,
        'estimated': [
            {'field': 'controller.readFenceFraction', 'reason': 'DiskSim hp_c2247a.diskspecs: High (read) water mark = 0.75 with Set watermark by reqsize = 1, read as a fence of 75% of the request.'},
            {'field': 'controller.readFenceSectors', 'reason': 'DiskSim sets the fence to 0.75 of each request ("High (read) water mark = 0.75", '
                                                             '"Set watermark by reqsize = 1"), which this format (a fixed number of sectors) cannot say; 0.'},
        ],
        'notes': [
            'DiskSim controller details with no counterpart here: "Hold bus entire read xfer = 1" (no time on a bus of its own), '
            '"Read disconnect afterread = 0.02266" and "Read disconnect afterwrite = 0.04551" (a read\'s reconnection waits for '
            'them, but its data is never ready that soon after its command).',
            'The .model\'s "Single cylinder seek time = 0.2", "Average seek time = 1.1" and "Full strobe seek time = 2.3" are not used by '
            'the hplplus10 seek model (they are placeholders); the curve and the first ten times are.',
            'Zone 0 starts with 1632 sectors (17 tracks: one cylinder and 4 tracks) of "Empty space at zone front" (frontSpaceSectors), '
            'and zones 1-7 have an "Offset of first block" (firstBlockOffset); both go to the engine exactly.',
        ],
    },
]

# ---------------------------------------------------------------------------
# DiskSim 4.0's validation drives (DISKSIM_DIR/validation/): the drives whose
# measured traces DiskSim replays in its validate mode. Their files differ from
# the four above in ways the functions below handle: the bus rate lives in the
# .parv (the bus between controller and disk) for some, sparing schemes 3 and 8,
# a model whose last zone ends one cylinder past "Number of cylinders", and
# negative write settling delays.
# ---------------------------------------------------------------------------

SECTPERRANGE_NOTE = (
    'DiskSim keeps "Number of spares" sectors at the end of every range of "Rangesize for sparing" cylinders, counted from the '
    'zone\'s first cylinder (a partial last range has none), and a slip moves the range\'s later LBNs on by one, into its spares: '
    'spare.rangeCylinders, so every LBN sits where DiskSim puts it. The drive\'s unexposed space at the end of the disk is kept '
    'apart: the last zone is split at the range the drive\'s last LBN is in, its rest pooling that range\'s and the later '
    'ranges\' spares with the unexposed sectors (no exposed LBN moves).')


def parse_parv(path):
    """The validation run's bus and controller around the disk: BUS1 (controller-disk), BUS0 (host-controller), CTLR0."""
    t = open(path).read()

    def block(name):
        m = re.search(r'disksim_(?:bus|ctlr)\s+' + name + r'\s*\{(.*?)\}', t, re.S)
        if not m:
            raise ValueError(f'{path}: no {name} block')
        return m.group(1)
    b0, b1, c0 = block('BUS0'), block('BUS1'), block('CTLR0')
    return {
        'bus1_read': float(num(b1, 'Read block transfer time')), 'bus1_write': float(num(b1, 'Write block transfer time')),
        'bus0_read': float(num(b0, 'Read block transfer time')), 'bus0_write': float(num(b0, 'Write block transfer time')),
        'ctlr_scale': float(num(c0, 'Scale for delays')), 'ctlr_bulk': float(num(c0, 'Bulk sector transfer time')),
        'specs': re.search(r'^source\s+(\S+)', t, re.M).group(1),
        'disk': re.search(r'instantiate\s*\[\s*disk0\s*\]\s*as\s+(\S+)', t).group(1),
    }


# Controller fields of the diskspecs that the preset format has no counterpart for; listed when not zero.
SPECS_UNMODELLED = ['Read disconnect afterread', 'Read disconnect afterwrite',
                    'Hold bus entire read xfer', 'Hold bus entire write xfer', 'Never disconnect', 'Preseeking level']


def specs_unmodelled(path):
    t = open(path).read()
    out = []
    for k in SPECS_UNMODELLED:
        m = re.search(re.escape(k) + r'\s*=\s*(-?[\d.]+)', t)
        if m and float(m.group(1)) != 0:
            out.append(f'"{k} = {m.group(1)}"')
    return out


def read_fence_fraction(path):
    """DiskSim's "High (read) water mark" when "Set watermark by reqsize = 1": a fraction of each request, else None."""
    t = open(path).read()
    hw = float(num(t, 'High (read) water mark'))
    return hw if hw > 0 and num(t, 'Set watermark by reqsize') == 1 else None


def adapt_validation_model(d):
    """What differs in the validation drives' .model files, made explicit (each change leaves a note)."""
    d['adapt_notes'], d['adapt_estimated'] = [], []
    last = max(z['last'] for z in d['zones'])
    if last == d['cylinders']:
        # HP C2490A: zones 0..2629, "Number of cylinders = 2629"; the zones' LBNs equal "Block count" only with cylinder 2629.
        d['adapt_notes'].append(
            f'The .model says "Number of cylinders = {d["cylinders"]}" but its last zone ends at cylinder {last}, and the zones hold '
            f'exactly "Block count" LBNs only with that cylinder: the drive has {last + 1} cylinders (0..{last}), as here.')
        d['cylinders'] = last + 1
    for zi, z in enumerate(d['zones']):
        pairs = list(zip(z['defects'][0::2], z['defects'][1::2]))
        same = [a for a, b in pairs if a == b]
        if same:
            # A sector "remapped" to itself keeps its LBN where it was (g1_ltop: the remap target is the sector itself).
            d['adapt_notes'].append(f'DiskSim zone {zi} lists defect {", ".join(map(str, same))} remapped to itself '
                                    '(defect = spare): the LBN stays in place, so it is no defect here.')
            z['defects'] = [x for a, b in pairs if a != b for x in (a, b)]
    if d['write_settle'] < 0:
        # DiskSim's dm_seek_time_g1 adds the settle to every nonzero seek or head switch of a write, negative or not.
        d['adapt_notes'].append(
            f'Write settle: DiskSim "Add. write settling delay = {d["write_settle"]}" (negative: writes position faster than '
            'the extracted read seeks), carried as it is: the engine adds it to a write\'s seek or head switch, as DiskSim does, '
            'and a write on the head\'s own track has none.')
    return d


def range_spares(d, z):
    """Scheme 8: the zone's spare sectors (whole ranges only) and the LBNs of one whole range."""
    R, S = d['rangesize'], d['surfaces']
    return z['spares'] * ((z['last'] - z['first'] + 1) // R), R * S * z['bpt'] - z['spares']


def validation_layout(d, meta):
    """Layouts of schemes 8 (spares per range: see SECTPERRANGE_NOTE) and 3 (spares per track); others as build_layout."""
    if d['scheme'] == 8:
        pooled = dict(d, scheme=9, zones=[dict(z, spares=range_spares(d, z)[0]) for z in d['zones']])
        zones, defects, total, extra = build_layout(pooled, meta)
        R, S = d['rangesize'], d['surfaces']
        out = []
        for pz in zones:
            m = re.match(r'DiskSim zone (\d+)', pz.get('note', ''))
            if not m:
                out.append(pz)
                continue
            z = d['zones'][int(m.group(1))]
            pooled_count, per_range = range_spares(d, z)
            unexposed = pz['spare']['count'] - pooled_count
            pz['spare'] = {'kind': 'sectors-per-zone', 'count': z['spares'], 'rangeCylinders': R}
            pz['note'] = re.sub(r'; spare count = .*', '', pz['note']) + f'; {z["spares"]} spares per {R}-cylinder range'
            out.append(pz)
            if not unexposed:
                continue
            # The drive's last LBN lies in range k: the zone keeps ranges 0..k-1 exactly, the rest is one zone whose
            # pooled spares (its ranges' and the unexposed sectors) all lie past that LBN.
            lbns = zone_lbns(pooled, dict(z, spares=pooled_count))
            exposed = lbns - unexposed
            k = exposed // per_range
            split = z['first'] + k * R
            if k == 0 or split > z['last']:
                raise ValueError(f'zone {m.group(1)}: the exposed LBNs fill every range')
            rest = (z['last'] - split + 1) * S * z['bpt']
            pz['lastCyl'] = split - 1
            tail = {key: v for key, v in pz.items() if key not in ('firstBlockOffset', 'frontSpaceSectors')}
            tail.update({'firstCyl': split, 'lastCyl': z['last'],
                         'spare': {'kind': 'sectors-per-zone', 'count': rest - (exposed - k * per_range)},
                         'note': f'DiskSim zone {m.group(1)} from cylinder {split} (range {k}): its last '
                                 f'{exposed - k * per_range} exposed LBNs, then spares: the ranges\' '
                                 f'{z["spares"]} each and {unexposed} sectors past the drive\'s Block count ({d["blocks"]})'})
            out.append(tail)
        return out, defects, total, extra
    if d['scheme'] != 3:
        return build_layout(d, meta)
    S, out, total = d['surfaces'], [], 0
    for zi, z in enumerate(d['zones']):
        if z['slips'] or z['defects']:
            raise ValueError(f'zone {zi}: slips under per-track sparing are not converted')
        lbn_per_cyl = (z['bpt'] - z['spares']) * S
        front_cyls, rest = divmod(z['dead'], lbn_per_cyl)   # dead space counts LBN slots (g1_ptol_sectpertrackspare)
        if rest:
            raise ValueError(f'zone {zi}: empty front space {z["dead"]} is not whole cylinders')
        geo = {'sectorsPerTrack': z['bpt'], 'trackSkew': z['tskew'], 'cylSkew': z['cskew']}
        if front_cyls:
            out.append({'firstCyl': z['first'], 'lastCyl': z['first'] + front_cyls - 1, **geo,
                        'spare': {'kind': 'tracks-per-zone', 'count': front_cyls * S},
                        'note': f'DiskSim zone {zi}\'s "Empty space at zone front" ({z["dead"]} LBN slots = {front_cyls} cylinders): spare, no LBNs'})
        out.append({'firstCyl': z['first'] + front_cyls, 'lastCyl': z['last'], **geo,
                    'spare': {'kind': 'sectors-per-track', 'count': z['spares']}, 'note': f'DiskSim zone {zi}'})
        total += (z['last'] - z['first'] + 1) * lbn_per_cyl - z['dead']
    if out[-1]['lastCyl'] != d['cylinders'] - 1 or total != d['blocks']:
        raise ValueError(f'per-track layout: {total} LBNs over cylinders 0..{out[-1]["lastCyl"]}, the drive {d["blocks"]} over {d["cylinders"]}')
    return out, [], total, 0


def make_validation_preset(meta, src_dir):
    """A validation drive's preset: make_preset over the drive's files, with its validated bus from the .parv."""
    parv = parse_parv(os.path.join(src_dir, meta['parv']))
    if parv['specs'] != meta['specs'] or parv['disk'] != meta['disksim_name']:
        raise ValueError(f'{meta["parv"]} runs {parv["disk"]} from {parv["specs"]}, not {meta["disksim_name"]} from {meta["specs"]}')
    if parv['bus0_read'] or parv['bus0_write'] or parv['ctlr_scale'] or parv['ctlr_bulk']:
        raise ValueError(f'{meta["parv"]}: host bus or controller delays are not converted')
    specs_path = os.path.join(src_dir, meta['specs'])
    bulk = float(num(open(specs_path).read(), 'Bulk sector transfer time'))
    m = dict(meta, adapt=adapt_validation_model, layout=validation_layout)
    where = f'{meta["parv"]}: BUS1 "Read block transfer time = {parv["bus1_read"]}", "Write block transfer time = {parv["bus1_write"]}"; BUS0 and CTLR0 add nothing (0, "Scale for delays = 0")'
    if parv['bus1_read'] > 0:
        if bulk:
            raise ValueError(f'{meta["specs"]} and {meta["parv"]} both set a bus rate')
        m['bus'] = parv['bus1_read']
        if parv['bus1_write'] != parv['bus1_read']:
            m['bus_write'] = parv['bus1_write']
        m['bus_note'] = (f'Bus: {parv["bus1_read"]} ms per sector' + (f' for reads and {parv["bus1_write"]} for writes' if 'bus_write' in m else '')
                         + f', the "Read/Write block transfer time" of the bus between the controller and the disk (BUS1) in DiskSim\'s '
                         f'validation run of this drive ({meta["parv"]}; the diskspecs\' "Bulk sector transfer time = 0" leaves the rate to that bus). '
                         'DiskSim\'s other bus (BUS0) and its controller (CTLR0) add nothing there (transfer times 0, "Scale for delays = 0").')
    else:
        m['bus_note'] = (f'Bus: DiskSim\'s validated "Bulk sector transfer time" of {bulk} ms per sector ({meta["specs"]}); in DiskSim\'s '
                         f'validation run ({meta["parv"]}) both buses and the controller add nothing (transfer times 0, "Scale for delays = 0").')
    fraction = read_fence_fraction(specs_path)
    estimated = []
    if fraction is not None:
        m['fence_fraction'] = fraction
        estimated.append({'field': 'controller.readFenceSectors',
                          'reason': f'DiskSim sets the fence to {fraction} of each request ("High (read) water mark = {fraction}", '
                                    '"Set watermark by reqsize = 1"): readFenceFraction; the fixed part is 0.'})
    unmodelled = specs_unmodelled(specs_path)
    notes = list(meta.get('notes', []))
    if unmodelled:
        notes.append(f'DiskSim controller details of {meta["specs"]} with no counterpart here: ' + ', '.join(unmodelled) + '.')
    m['notes'] = notes
    m['sources'] = meta.get('sources', []) + [{
        'id': 'disksim-validation',
        'cite': f'DiskSim 4.0 validation run of the {meta["drive"]} ({meta["parv"]}, with the measured trace {meta["trace"]})',
        'where': where, 'file': f'../shared/reference/disksim/validation/{meta["parv"]}'}]
    p, total, extra = make_preset(m, src_dir)
    d = adapt_validation_model(parse_model(os.path.join(src_dir, meta['model'])))
    p['estimated'] = p['estimated'] + estimated + d['adapt_estimated']
    p['notes'] = [n for n in p['notes'] if not n.startswith('Skew: DiskSim restarts each zone')] + d['adapt_notes']
    if p['cache']['writeCache'] == 'off':
        p['notes'] = [('Write caching: DiskSim "Fast write level = 0": writes are reported once their data is on the media.'
                       if n.startswith('Write caching: DiskSim "Fast write level = 0"') else n) for n in p['notes']]
    if p['cache'].pop('immediateReportRule', None) == 'sequential':
        # disksim_diskctlr.c: once a write's data is in the buffer its completion goes up whenever "Fast write level"
        # is not 0 (NO_FASTWRITE), and such writes take the write-hit overheads; level 1 (LIMITED_FASTWRITE) only
        # limits which appended writes join the current media access. So every write is reported at once.
        p['notes'] = [('Write caching: DiskSim "Fast write level = 1" (LIMITED_FASTWRITE): every write is reported once its data is '
                       'in the buffer (disksim_diskctlr.c sends the completion for any level but 0); level 1 only limits which '
                       'appended writes join the media access under way. So immediate reporting for all writes.'
                       if n.startswith('Write caching: DiskSim "Fast write level = 1"') else n) for n in p['notes']]
    longest = p['geometry']['cylinders'] - 1
    past = [c for c in p['stated']['seekChecks'] if c.get('distance', 0) > longest]
    if past:
        # DEC RZ26: the .seek's last point is distance 2599 on a drive of 2599 cylinders (longest seek 2598).
        p['stated']['seekChecks'] = [c for c in p['stated']['seekChecks'] if c not in past]
        p['notes'].append(f'The .seek table\'s point at distance {past[0]["distance"]} lies past the longest seek ({longest} cylinders): '
                          'it stays in the table (the engine interpolates towards it) but is no seek check.')
    offsets = [f'{zi}: {z["offset"]}' for zi, z in enumerate(d['zones']) if z['offset']]
    fronts = [f'{zi}: {z["dead"]}' for zi, z in enumerate(d['zones']) if z['dead'] and d['scheme'] != 3]
    zero = [str(zi) for zi, z in enumerate(d['zones']) if zi and not z['offset']]
    if offsets:
        p['notes'].append('Skew: DiskSim restarts each zone at its "Offset of first block" (zone ' + ', '.join(offsets) +
                          ' sectors): firstBlockOffset, given to the engine exactly (sp_disk_set_zone).')
    if zero:
        p['notes'].append(f'Skew: zone{"s" if len(zero) > 1 else ""} {", ".join(zero)} ha{"ve" if len(zero) > 1 else "s"} "Offset of first '
                          'block = 0": firstBlockOffset 0, so the zone\'s first track starts at angle 0, as in DiskSim (g1_map_pbn_skew '
                          'starts every zone at its offset, 0 included), not where the previous zone\'s skew would carry it.')
    if fronts:
        p['notes'].append('"Empty space at zone front" (zone ' + ', '.join(fronts) + ' sectors): frontSpaceSectors, given to the engine '
                          'exactly (sp_disk_set_zone).')
    return p, total, extra


VALIDATION_DRIVES = [
    {
        'id': 'quantum-atlas-iii', 'name': 'Quantum Atlas III (QM39100TD-SW, 9.1 GB)', 'drive': 'Quantum Atlas III',
        'disksim_name': 'QUANTUM_QM39100TD-SW', 'model': 'atlas_III.model', 'specs': 'atlas_III.diskspecs',
        'parv': 'atlas_III.parv', 'trace': 'atlas_III.trace',
        'description': '7,200 RPM, 9.1 GB SCSI disk: 10 surfaces, 9 zones, 14 sectors slipped to the end of their zone, measured '
                       'seek curve. One of DiskSim 4.0\'s validated drives, with a measured trace of 10,000 requests.',
    },
    {
        'id': 'seagate-barracuda-st32171w', 'name': 'Seagate Barracuda (ST32171W, 2.1 GB)', 'drive': 'Seagate Barracuda',
        'disksim_name': 'SEAGATE_ST32171W', 'model': 'barracuda.model', 'specs': 'barracuda.diskspecs',
        'parv': 'barracuda.parv', 'trace': 'barracuda.trace',
        'description': '7,200 RPM, 2.1 GB SCSI disk: 5 surfaces, 11 zones with a spare cylinder between them, 88 spare sectors per '
                       '6 cylinders, measured seek curve. One of DiskSim 4.0\'s validated drives, with a measured trace of 10,000 requests.',
    },
    {
        'id': 'seagate-cheetah-4lp', 'name': 'Seagate Cheetah 4LP (ST34501N, 4.5 GB)', 'drive': 'Seagate Cheetah 4LP',
        'disksim_name': 'SEAGATE_ST34501N_validate', 'model': 'cheetah4LP.model', 'specs': 'cheetah4LP.diskspecs',
        'parv': 'cheetah4LP.parv', 'trace': 'cheetah4LP.trace',
        'description': '10,033 RPM, 4.5 GB SCSI disk: 8 surfaces, 7 zones, 108 spare sectors per 12 cylinders, measured seek curve. '
                       'One of DiskSim 4.0\'s validated drives, with a measured trace of 10,000 requests.',
    },
    {
        'id': 'hp-c2490a', 'name': 'HP C2490A (2.1 GB)', 'drive': 'HP C2490A',
        'disksim_name': 'HP_C2490A_validate', 'model': 'hp_c2490a_validate.model', 'specs': 'hp_c2490a.diskspecs',
        'parv': 'hp_c2490a.parv', 'trace': 'hp_c2490a.trace',
        'description': '6,398 RPM, 2.1 GB SCSI-2 disk: 18 surfaces, 11 zones, track sparing, measured seek curve. One of DiskSim '
                       '4.0\'s validated drives, with a measured trace of 9,984 requests.',
    },
    {
        'id': 'hp-c3323a', 'name': 'HP C3323A (1 GB)', 'drive': 'HP C3323A',
        'disksim_name': 'HP_C3323A_validate', 'model': 'hp_c3323a_validate.model', 'specs': 'hp_c3323a_validate.diskspecs',
        'parv': 'hp_c3323a.parv', 'trace': 'hp_c3323a.trace',
        'description': '5,396 RPM, 1 GB SCSI-2 disk: 7 surfaces, 8 zones, track sparing, measured seek curve. One of DiskSim 4.0\'s '
                       'validated drives, with a measured trace of 9,074 requests.',
    },
    {
        'id': 'dec-rz26', 'name': 'DEC RZ26 (1 GB)', 'drive': 'DEC RZ26',
        'disksim_name': 'DEC_RZ26_validate', 'model': 'dec_rz26_validate.model', 'specs': 'dec_rz26.diskspecs',
        'parv': 'dec_rz26.parv', 'trace': 'dec_rz26.trace',
        'description': '5,360 RPM, 1 GB SCSI-2 disk: 14 surfaces, one zone of 58 sectors per track with a spare sector on every '
                       'track, zero-latency reads, measured seek curve. One of DiskSim 4.0\'s validated drives, with a measured '
                       'trace of 7,980 requests.',
    },
]


def main():
    here = os.getcwd()
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, '..', 'shared', 'reference', 'disksim')
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, 'presets', 'disks')
    jobs = [(meta, make_preset, src) for meta in DRIVES]
    jobs += [(meta, make_validation_preset, os.path.join(src, 'validation')) for meta in VALIDATION_DRIVES]
    for meta, make, where in jobs:
        p, total, extra = make(meta, where)
        path = os.path.join(out, meta['id'] + '.json')
        with open(path, 'w') as f:
            f.write(dumps(p) + '\n')
        print(f'{path}: {len(p["geometry"]["zones"])} zones, {len(p["geometry"]["defects"])} defects, '
              f'DiskSim layout {total} LBNs, Block count {p["stated"]["capacityLbns"]} (unexposed {extra})')


def dumps(p):
    """JSON with one line per zone, defect and seek point: readable and diff-friendly."""
    s = json.dumps(p, indent=2)
    # collapse small objects/arrays that json.dumps spreads over lines
    s = re.sub(r'\[\s+(-?[\d.e-]+),\s+(-?[\d.e-]+)\s+\]', r'[\1, \2]', s)
    s = re.sub(r'\{\s+"kind": "([\w-]+)",\s+"count": (\d+)\s+\}', r'{ "kind": "\1", "count": \2 }', s)
    def one_line(m):
        inner = re.sub(r'\s*\n\s*', ' ', m.group(0))
        return inner.replace('{ ', '{ ').replace(' }', ' }')
    s = re.sub(r'\{\n\s+"cyl": [^{}]*?\}', one_line, s)
    s = re.sub(r'\{\n\s+"firstCyl": [^{}]*?\{[^{}]*\}[^{}]*?\}', one_line, s)
    return s


if __name__ == '__main__':
    main()

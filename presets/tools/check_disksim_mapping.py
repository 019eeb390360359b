#!/usr/bin/env python3
"""
check_disksim_mapping.py -- checks the DiskSim-derived presets against DiskSim's own
LBN-to-physical mapping, and writes samples for the wasm test.

    python3 presets/tools/check_disksim_mapping.py [DISKSIM_DIR]

For each drive it maps 20,000 random LBNs and every LBN next to a slipped defect with
DiskSim 4.0's rules (re-implemented from diskmodel/layout_g1.c: g1_ltop_sectperzonespare
for scheme 9, g1_ltop_sectpercylspare with slip-to-end for scheme 7,
g1_ltop_sectperrangespare for scheme 8) and with the engine's layout rules
(engine-wasm/src/layout.c: LBNs fill each sparing unit's tracks in order, skipping
slipped slots; a zone with spare.rangeCylinders is one unit per range of cylinders)
applied to the preset as configureDisk gives it to the engine.
Both give (cylinder, track-in-cylinder in LBN order, slot); they must agree everywhere.
It then writes tests/fixtures/disksim-ltop-samples.json: a few hundred (LBN, cylinder,
surface, slot) per drive in DiskSim's mapping, which tests/presets.wasm.test.ts checks
against the real engine.
"""
import bisect
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
from disksim_to_preset import adapt_validation_model, parse_model, range_spares, zone_lbns  # noqa: E402

DRIVES = [('quantum-atlas-10k', 'atlas10k.model'), ('ibm-ultrastar-18es', 'ibm18es.model'),
          ('seagate-cheetah-9lp', 'cheetah9LP.model'),
          # The validation drives whose layout the engine takes exactly (scheme 7, no front space that is not whole
          # cylinders; scheme 8, spares per range of cylinders).
          ('quantum-atlas-iii', 'validation/atlas_III.model'), ('seagate-cheetah-4lp', 'validation/cheetah4LP.model'),
          ('seagate-barracuda-st32171w', 'validation/barracuda.model')]


def lbns_in(d, z):
    """LBNs of a DiskSim zone; scheme 8 keeps "Number of spares" per whole range of cylinders only."""
    if d['scheme'] != 8:
        return zone_lbns(d, z)
    return (z['last'] - z['first'] + 1) * z['bpt'] * d['surfaces'] - z['dead'] - range_spares(d, z)[0]


def disksim_ltop(d, lbn):
    """(cylinder, track in LBN order, slot) of an LBN, as DiskSim 4.0 computes it."""
    S = d['surfaces']
    start = 0
    for z in d['zones']:
        n = lbns_in(d, z)
        if lbn < start + n:
            break
        start += n
    rel = lbn - start + z['dead']
    bpt = z['bpt']
    if d['scheme'] == 8:
        # the range's LBNs, then its spares; a slip moves the range's later LBNs on by one
        per_range = d['rangesize'] * S * bpt
        rangeno, off = divmod(rel, per_range - z['spares'])
        first = rangeno * per_range
        slips = 0
        for s in z['slips']:
            if s >= first and s - first <= off + slips:
                slips += 1
        p = first + off + slips
    elif d['scheme'] == 9:
        slips = 0
        for s in z['slips']:
            if s <= rel + slips:
                slips += 1
        p = rel + slips
    elif d['scheme'] == 7:
        bpc = bpt * S
        cyl, off = divmod(rel, bpc)
        first = cyl * bpc
        slips = 0
        for s in z['slips']:
            if (s // bpc) < cyl or (first <= s and s - first <= off + slips):
                slips += 1
        p = cyl * bpc + off + slips
    else:
        raise ValueError('scheme not handled')
    rc, rest = divmod(p, S * bpt)
    h, slot = divmod(rest, bpt)
    return z['first'] + rc, h, slot, z


def engine_ltop(preset):
    """The engine's rules on the preset's zones (zone-level sparing only, as in these presets)."""
    S = preset['geometry']['surfaces']
    zones = []
    for z in preset['geometry']['zones']:
        zones.append((z['firstCyl'], z['lastCyl'], z['sectorsPerTrack'], z['spare']['kind'], z['spare']['count'],
                      z.get('frontSpaceSectors', 0), z['spare'].get('rangeCylinders', 0)))
    slips = {}
    for dfc in preset['geometry']['defects']:
        zz = next(z for z in preset['geometry']['zones'] if z['firstCyl'] <= dfc['cyl'] <= z['lastCyl'])
        surf = dfc['surface']
        if preset['geometry']['surfaceOrder'] == 'alternate-per-zone' and (dfc['cyl'] - zz['firstCyl']) % 2:
            surf = S - 1 - surf
        slips.setdefault((dfc['cyl'], surf), []).append(dfc['slot'])
    tracks, lbn = [], 0
    for first, last, spt, kind, count, front, rng in zones:
        assert kind in ('sectors-per-zone', 'tracks-per-zone')
        reserve = count if kind == 'sectors-per-zone' else count * spt
        target, assigned, pos = (last - first + 1) * S * spt - reserve, 0, 0
        for t in range(first * S, (last + 1) * S):
            c, s = divmod(t, S)
            if rng and (c - first) % rng == 0 and s == 0:
                # each range of rng cylinders is a unit: its spares at its end, a partial last range keeping none
                cyls = min(rng, last - c + 1)
                target, pos = cyls * S * spt - (count if cyls == rng else 0), 0
            sl = sorted(slips.get((c, s), []))
            here = min(spt - len(sl), max(0, target - pos))
            lead = min(here, front)   # the zone's front space: its first data slots
            front -= lead
            tracks.append((lbn + assigned, here - lead, c, s, sl, lead))
            pos += here
            assigned += here - lead
        lbn += assigned
    firsts = [t[0] for t in tracks]

    def ltop(x):
        i = bisect.bisect_right(firsts, x) - 1
        while tracks[i][1] == 0:
            i -= 1
        f, k, c, s, sl, lead = tracks[i]
        slot = x - f + lead
        for q in sl:
            if q <= slot:
                slot += 1
        return c, s, slot
    return ltop, lbn


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.getcwd(), '..', 'shared', 'reference', 'disksim')
    samples = {}
    ok = True
    for pid, model in DRIVES:
        d = parse_model(os.path.join(src, model))
        if model.startswith('validation/'):
            d = adapt_validation_model(d)
        preset = json.load(open(os.path.join('presets', 'disks', pid + '.json')))
        ltop, cap = engine_ltop(preset)
        assert cap == d['blocks'], (pid, cap, d['blocks'])
        rnd = random.Random(1)
        lbns = [rnd.randrange(d['blocks']) for _ in range(20000)] + [0, d['blocks'] - 1]
        near = []
        start = 0
        for z in d['zones']:
            for s in z['slips']:
                base = start + s - z['dead']
                if d['scheme'] == 8:   # a range's spares hold no LBN: the slip's neighbours sit before them
                    per_range = d['rangesize'] * d['surfaces'] * z['bpt']
                    base = start + s - (s // per_range) * z['spares']
                near += [x for x in range(base - 2, base + 3) if 0 <= x < d['blocks']]
            start += lbns_in(d, z)
        bad = 0
        for x in lbns + near:
            c, h, slot, _ = disksim_ltop(d, x)
            if (c, h, slot) != ltop(x):
                bad += 1
        print(f'{pid}: {len(lbns) + len(near)} LBNs, {bad} disagree; capacity {cap} = Block count')
        ok = ok and bad == 0
        out = []
        for x in sorted(set(lbns[:150] + near[:150] + [0, d['blocks'] - 1])):
            c, h, slot, z = disksim_ltop(d, x)
            rev = d['mapping'] == 1 and (c - z['first']) % 2 == 1
            out.append([x, c, d['surfaces'] - 1 - h if rev else h, slot])
        samples[pid] = out
    path = os.path.join('tests', 'fixtures', 'disksim-ltop-samples.json')
    with open(path, 'w') as f:
        f.write('{\n' + ',\n'.join(f'  "{k}": [\n' + ',\n'.join('    ' + json.dumps(r) for r in v) + '\n  ]' for k, v in samples.items()) + '\n}\n')
    print('wrote', path)
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""Checks the engine's layering from its compiled objects (make check-layers).

Each source of src/<layer>/ is compiled alone and its symbols read with nm:
defined functions and data (T, D, R, B) and the symbols it uses (U).
  1. The core (src/core/) names no symbol of a device (src/disk/, src/flash/),
     a policy (src/policies/) or an extension (src/ext/). It reaches them
     through tables: only the registries below may name another layer's
     tables (data, never a function).
  2. Call circles: A -> B when A calls a function B defines; no strongly
     connected set of files is larger than MAX_CIRCLE.
  3. include/spindle.h declares the core only: each function it declares is
     defined outside src/ext/ (the extensions have headers of their own).
Prints what it found; exits 1 on a violation. Run from engine-wasm/."""
import glob
import os
import re
import subprocess
import sys
import tempfile

MAX_CIRCLE = 4
# Core files allowed to name another layer's tables (data symbols only).
REGISTRIES = {
    'src/core/policies.c': 'policies',   # the policy table (SP_POLICY_* -> policy_ops)
    'src/core/params.c': 'ext',          # the extensions' parameter tables (SP_TABLE_*)
}
CC = os.environ.get('CC', 'cc')


def layer(path):
    return path.split('/')[1]


def symbols(sources):
    """defs[file] = {symbol: kind}; uses[file] = set of undefined symbols."""
    dirs = sorted({os.path.dirname(s) for s in sources})
    inc = ['-Iinclude'] + ['-I' + d for d in dirs]
    defs, uses = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        for src in sources:
            obj = os.path.join(tmp, src.replace('/', '_') + '.o')
            subprocess.run([CC, '-std=c11', '-D_POSIX_C_SOURCE=200809L', *inc, '-c', src, '-o', obj],
                           check=True)
            out = subprocess.run(['nm', obj], capture_output=True, text=True, check=True).stdout
            defs[src], uses[src] = {}, set()
            for line in out.splitlines():
                parts = line.split()
                if len(parts) == 3 and parts[1] in 'TDRB':
                    defs[src][parts[2]] = parts[1]
                elif len(parts) == 2 and parts[0] == 'U':
                    uses[src].add(parts[1])
    return defs, uses


def largest_circle(graph):
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return max(comps, key=len)


def main():
    sources = sorted(glob.glob('src/*/*.c'))
    defs, uses = symbols(sources)
    owner = {sym: src for src in sources for sym in defs[src]}
    problems = []

    for src in sources:
        if layer(src) != 'core':
            continue
        for sym in sorted(uses[src]):
            where = owner.get(sym)
            if not where or layer(where) == 'core':
                continue
            allowed = REGISTRIES.get(src) == layer(where) and defs[where][sym] in 'DRB'
            if not allowed:
                problems.append(f'{src} names {sym} of {where} (the core reaches a {layer(where)} '
                                f'module only through its table)')

    graph = {src: sorted({owner[s] for s in uses[src]
                          if s in owner and defs[owner[s]][s] == 'T' and owner[s] != src})
             for src in sources}
    circle = largest_circle(graph)
    print(f'largest call circle: {len(circle)} files ({" ".join(circle)})')
    if len(circle) > MAX_CIRCLE:
        problems.append(f'a call circle of {len(circle)} files (at most {MAX_CIRCLE}): {" ".join(circle)}')

    header = open('include/spindle.h', encoding='utf8').read()
    for name in sorted(set(re.findall(r'^[a-z_0-9 ]*[ *](sp_[a-z_0-9]*)\(', header, re.M))):
        where = owner.get(name)
        if where and layer(where) == 'ext':
            problems.append(f'include/spindle.h declares {name}, defined in the extension {where} '
                            f'(an extension declares its calls in a header of its own)')

    for p in problems:
        print('check-layers:', p)
    print(f'check-layers: {len(sources)} sources, {len(problems)} problem(s)')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())

#!/bin/sh
# Prints the wasm export list: every function declared in the public headers
# given (a line that names sp_something followed by an opening parenthesis), plus
# malloc/free so TypeScript can pass buffers.
sed -n 's/^[a-z_0-9 ]*[ *]\(sp_[a-z_0-9]*\)(.*/_\1/p' "$@" | sort -u | tr '\n' ','
printf '_malloc,_free\n'

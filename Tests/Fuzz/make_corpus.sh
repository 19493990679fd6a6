#!/usr/bin/env bash
# Regenerates the small seed corpora in Tests/Fuzz/corpus/<target>/ (see
# fuzz_common.h for the input format: alphabet byte, mapping/contents/option
# byte, shared prefix length, shared suffix length, old ops, 0xFF, new ops).
#
#   Tests/Fuzz/make_corpus.sh
set -euo pipefail
cd "$(dirname "$0")"

# seed <target> <name> <hex bytes...>
seed() {
    local target="$1" name="$2"
    shift 2
    mkdir -p "corpus/$target"
    local out="" byte
    for byte in "$@"; do out+="\\x$byte"; done
    printf "$out" >"corpus/$target/$name"
}

# header byte 1 = mapping | contents << 2 | option << 4
for target in heckel lcs stages; do
    case "$target" in
    heckel) opt=0 ;; lcs) opt=2 ;; stages) opt=2 ;;
    esac
    o=$(printf '%x' $((opt << 4)))
    # last -> first: old 0..9, new 9 then old[0..9)
    seed "$target" move-last-first 3f 04 00 00  03 00 0a ff  00 09 04 00 00 08
    # duplicates over 3 symbols, colliding tags
    seed "$target" duplicates 02 $(printf '%x' $((0x05 | (opt << 4)))) 00 00  02 01 14 06 00 02 1e ff  06 02 00 19 02 01 05
    # full reverse of 200 mostly distinct ids
    seed "$target" reverse bf 02 00 00  03 05 c8 ff  05 00 00 c7
    # long shared prefix and suffix around a changed middle
    seed "$target" prefix-suffix 3f 04 64 64  00 32 01 07 ff  0f 33 00 07
    # empty old list
    seed "$target" empty-old 05 00 00 00  ff  03 00 1e
    # empty new list, long run of one id
    seed "$target" empty-new 00 $o 00 00  02 00 ff ff
    # interleaved runs, option bits set
    seed "$target" mixed 0b $(printf '%x' $((0x06 | (0xf << 4)))) 03 02  03 00 20 02 04 08 06 01 03 10 ff  04 00 05 10 00 07 05 00 00 0a 02 04 03
done
# reject mode with and without duplicates (stages: option bit 1)
seed stages reject-unique bf 24 00 00  03 00 40 ff  05 00 00 3f
seed stages reject-dup 3f 24 00 00  00 01 00 02 00 01 ff  00 03
seed stages lcs-reuse 07 d4 02 02  06 01 02 28 ff  06 02 01 28 00 05

# fuzz_reuse (its own format, see fuzz_reuse.c): 8 key bytes, a flags byte,
# then steps of 7 header bytes (h0 options, h1 ids, h2 h3 length, h4
# allocation failure, h5 seed, h6 op counts) and 5-byte ops.
key="ef cd ab 89 67 45 23 01"
# Heckel, 32k-scale list with blocks copied, deleted, moved and changed;
# pairs-only and another key, the 3rd allocation failing; then LCS.
seed reuse mixed $key 01 \
    2c 15 97 70 03 00 31  04 40 00 90 80  00 10 00 85 00  02 80 00 90 10  05 00 00 ff 83 \
    09 01 88 00 02 01 50  05 00 00 ff 83  00 10 00 85 00  02 80 00 90 10  01 40 00 84 00  02 20 00 7f 90
# one exact slot shared by 1,000 ids in a table of the middle's size, then
# a window of 1/256 of a table one size up, shrinking lists, each diff with
# its first allocation failing
seed reuse collide $key 00 \
    08 1d b0 00 01 07 10  06 00 00 ff 00 \
    08 31 a0 00 01 08 10  03 20 00 ff 00 \
    01 99 50 00 01 09 10  02 10 00 a0 40
# shared low32 ^ high32 and high-half-only ids with duplicates (copy and
# random replace), reject mode and the LCS algorithm with a small bound
seed reuse duplicates $key 00 \
    02 02 84 00 00 02 11  04 00 00 20 80  07 80 00 10 40 \
    43 03 48 00 05 03 21  07 00 00 ff ff  06 00 00 ff 00  04 10 00 20 20
# growing then shrinking sizes on one workspace, contents on one side only
seed reuse grow-shrink $key 00 \
    10 01 00 20 00 04 10  01 80 00 10 00 \
    18 01 81 00 00 05 10  02 40 00 90 c0 \
    08 01 bf ff 00 06 10  00 00 00 ff 00 \
    00 01 40 80 07 07 10  06 00 00 ff 00

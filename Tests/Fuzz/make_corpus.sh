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

#!/usr/bin/env python3
"""Smoke test of the installed shared library through ctypes.

    smoke.py LIBRARY [LAYOUT]

LIBRARY: path to libboxdiff.so. LAYOUT (optional): the output of
`app --layout` (Tests/Install/app.c), sizes and offsets of the public
structs as the C compiler lays them out; every one is checked against the
ctypes definitions below. Diffs two lists and asserts the deletes, inserts,
moves, updates and stages. Exits non-zero on any mismatch.
"""
import ctypes
import sys

u32, u64, c_int = ctypes.c_uint32, ctypes.c_uint64, ctypes.c_int
NONE = 0xFFFFFFFF
BXD_OK, BXD_ERR_DUPLICATE = 0, 4
BXD_ALGORITHM_HECKEL, BXD_ALGORITHM_LCS = 0, 1
BXD_FLAG_REJECT_DUPLICATES = 0x1
BXD_STAGE_UPDATE, BXD_STAGE_DELETE, BXD_STAGE_INSERT_MOVE = 1, 2, 3


# The structs of CBoxDiff.h, field for field (enums are C ints).
class List(ctypes.Structure):
    _fields_ = [("ids", ctypes.POINTER(u64)),
                ("contents", ctypes.POINTER(u64)),
                ("count", ctypes.c_size_t)]


class Options(ctypes.Structure):
    _fields_ = [("algorithm", c_int),
                ("flags", u32),
                ("lcs_cost_bound", u64)]


class Move(ctypes.Structure):
    _fields_ = [("from_", u32), ("to", u32)]


class Stage(ctypes.Structure):
    _fields_ = [("kind", c_int),
                ("indices", ctypes.POINTER(u32)),
                ("index_count", u32),
                ("moves", ctypes.POINTER(Move)),
                ("move_count", u32)]


class Result(ctypes.Structure):
    _fields_ = [("old_count", u32), ("new_count", u32),
                ("old_to_new", ctypes.POINTER(u32)),
                ("new_to_old", ctypes.POINTER(u32)),
                ("matched_count", u32),
                ("deletes", ctypes.POINTER(u32)), ("delete_count", u32),
                ("inserts", ctypes.POINTER(u32)), ("insert_count", u32),
                ("moves", ctypes.POINTER(Move)), ("move_count", u32),
                ("updates", ctypes.POINTER(u32)), ("update_count", u32),
                ("minimal", c_int),
                ("duplicate_side", c_int),
                ("duplicate_index", u32),
                ("duplicate_first_index", u32),
                ("stages", Stage * 3),
                ("stage_count", u32),
                ("storage_", ctypes.c_void_p)]


def check_layout(path):
    types = {"bxd_list_t": List, "bxd_options_t": Options, "bxd_move_t": Move,
             "bxd_stage_t": Stage, "bxd_result_t": Result}
    checked = 0
    with open(path) as f:
        for line in f:
            name, value = line.split()
            if "." in name:
                struct, field = name.split(".")
                got = getattr(types[struct], field).offset
            else:
                got = ctypes.sizeof(types[name])
            assert got == int(value), f"{name}: ctypes {got}, C {value}"
            checked += 1
    assert checked > 0, "empty layout file"
    print(f"smoke: layout matches C ({checked} sizes and offsets)")


def array(ctype, values):
    return (ctype * len(values))(*values)


def items(pointer, count):
    return [pointer[k] for k in range(count)]


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    if len(sys.argv) == 3:
        check_layout(sys.argv[2])
    lib = ctypes.CDLL(sys.argv[1])
    lib.bxd_version.restype = ctypes.c_char_p
    lib.bxd_version.argtypes = []
    lib.bxd_status_string.restype = ctypes.c_char_p
    lib.bxd_status_string.argtypes = [c_int]
    lib.bxd_options_init.argtypes = [ctypes.POINTER(Options)]
    lib.bxd_result_init.argtypes = [ctypes.POINTER(Result)]
    lib.bxd_result_free.argtypes = [ctypes.POINTER(Result)]
    lib.bxd_diff.restype = c_int
    lib.bxd_diff.argtypes = [ctypes.c_void_p, ctypes.POINTER(List),
                             ctypes.POINTER(List), ctypes.POINTER(Options),
                             ctypes.POINTER(Result)]
    version = lib.bxd_version().decode()
    assert version.count(".") == 2, version

    # old [10 20 30 40 50] -> new [30 10 20 60 50]: 40 deleted, 60
    # inserted, 30 moved to the front, 50's content changed.
    old_ids, old_contents = array(u64, [10, 20, 30, 40, 50]), array(u64, [1, 2, 3, 4, 5])
    new_ids, new_contents = array(u64, [30, 10, 20, 60, 50]), array(u64, [3, 1, 2, 6, 55])
    old = List(old_ids, old_contents, 5)
    new = List(new_ids, new_contents, 5)
    result = Result()
    lib.bxd_result_init(ctypes.byref(result))
    try:
        for algorithm in (BXD_ALGORITHM_HECKEL, BXD_ALGORITHM_LCS):
            options = Options()
            lib.bxd_options_init(ctypes.byref(options))
            options.algorithm = algorithm
            status = lib.bxd_diff(None, ctypes.byref(old), ctypes.byref(new),
                                  ctypes.byref(options), ctypes.byref(result))
            assert status == BXD_OK, lib.bxd_status_string(status)
            r = result
            assert (r.old_count, r.new_count, r.matched_count) == (5, 5, 4)
            assert items(r.new_to_old, 5) == [2, 0, 1, NONE, 4]
            assert items(r.old_to_new, 5) == [1, 2, 0, NONE, 4]
            assert items(r.deletes, r.delete_count) == [3]
            assert items(r.inserts, r.insert_count) == [3]
            assert [(m.from_, m.to) for m in items(r.moves, r.move_count)] == [(2, 0)]
            assert items(r.updates, r.update_count) == [4]
            assert r.minimal == 1
            stages = [(s.kind, items(s.indices, s.index_count),
                       [(m.from_, m.to) for m in items(s.moves, s.move_count)])
                      for s in r.stages[:r.stage_count]]
            assert stages == [(BXD_STAGE_UPDATE, [4], []),
                              (BXD_STAGE_DELETE, [3], []),
                              (BXD_STAGE_INSERT_MOVE, [3], [(2, 0)])], stages

        # A repeated id in the new list, rejected: the result says where.
        twice = array(u64, [7, 8, 7])
        dup = List(twice, None, 3)
        options = Options()
        lib.bxd_options_init(ctypes.byref(options))
        options.flags = BXD_FLAG_REJECT_DUPLICATES
        status = lib.bxd_diff(None, ctypes.byref(old), ctypes.byref(dup),
                              ctypes.byref(options), ctypes.byref(result))
        assert status == BXD_ERR_DUPLICATE, status
        assert (result.duplicate_side, result.duplicate_first_index,
                result.duplicate_index) == (1, 0, 2)
        assert result.delete_count == 0 and result.stage_count == 0
    finally:
        lib.bxd_result_free(ctypes.byref(result))
    print(f"smoke: boxdiff {version} through ctypes: all checks passed")


if __name__ == "__main__":
    main()

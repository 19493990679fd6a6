/*
 * hash_table.c - the shape of every open-addressing table of the core:
 * linear probing, power-of-two capacity, load <= 1/2, homes from the keyed
 * mix (internal.h). The shared table of bxd_slot_t (id, cursor, aux) and
 * heckel.c's compact table of tags both come from bxd_table_reserve;
 * group_table.c's table of slot groups from bxd_group_table_reserve.
 */
#include "internal.h"

/* Capacity (a power of two, 2^bits) of a table for `count` keys. */
static bxd_status_t table_capacity(size_t count, size_t *capacity,
                                   unsigned *bits) {
    size_t c = 16;
    unsigned b = 4;
    /* capacity >= count * 2 keeps probes short. */
    while (c / 2 < count) {
        if (c > SIZE_MAX / 64) return BXD_ERR_TOO_LARGE;
        c *= 2;
        b++;
    }
    *capacity = c;
    *bits = b;
    return BXD_OK;
}

bxd_status_t bxd_table_reserve(bxd_workspace_t *ws, int which, size_t count,
                               size_t slot_size, void **slots,
                               bxd_table_shape_t *shape) {
    size_t capacity;
    unsigned bits;
    bxd_status_t st = table_capacity(count, &capacity, &bits);
    if (st != BXD_OK) return st;
    st = bxd_ws_reserve(ws, which, capacity, slot_size);
    if (st != BXD_OK) return st;
    *slots = ws->buffers[which].data;
    shape->mask = capacity - 1;
    shape->shift = 64u - bits;
    shape->key = ws->key;
    BXD_PROBES_INIT(shape, ws);
    /* Fits: bxd_ws_reserve checked capacity * slot_size. */
    memset(*slots, 0xFF, capacity * slot_size);
    return BXD_OK;
}

bxd_status_t bxd_group_table_reserve(bxd_workspace_t *ws, size_t count,
                                     uint8_t **control, uint32_t **index,
                                     bxd_table_shape_t *shape) {
    size_t capacity;
    unsigned bits;
    bxd_status_t st = table_capacity(count, &capacity, &bits);
    if (st != BXD_OK) return st;
    /* 1 control byte and 4 index bytes a slot. */
    st = bxd_ws_reserve(ws, BXD_WS_TABLE, capacity, 5);
    if (st != BXD_OK) return st;
    *control = (uint8_t *)ws->buffers[BXD_WS_TABLE].data;
    /* capacity >= 16: the indices start 16-byte aligned. */
    *index = (uint32_t *)(void *)(*control + capacity);
    shape->mask = capacity / 8 - 1;
    shape->shift = 64u - (bits - 3);
    shape->key = ws->key;
    BXD_PROBES_INIT(shape, ws);
    memset(*control, 0x80, capacity);
    return BXD_OK;
}

uint64_t bxd_table_slot(uint64_t id, uint64_t key, unsigned bits) {
    if (bits == 0) return 0;
    uint64_t h = bxd_mix(id, key);
    return bits >= 64 ? h : h >> (64u - bits);
}

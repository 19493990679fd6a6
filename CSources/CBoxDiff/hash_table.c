/*
 * hash_table.c - the open-addressing table over 64-bit ids that every
 * algorithm shares. Linear probing, power-of-two capacity, load <= 2/3.
 * The table lives in workspace buffer BXD_WS_TABLE.
 */
#include "internal.h"

bxd_status_t bxd_table_capacity(size_t count, size_t *capacity,
                                unsigned *bits) {
    size_t c = 16;
    unsigned b = 4;
    /* capacity >= count * 3 / 2 keeps probes short. */
    while (c / 3 * 2 < count) {
        if (c > SIZE_MAX / 64) return BXD_ERR_TOO_LARGE;
        c *= 2;
        b++;
    }
    *capacity = c;
    *bits = b;
    return BXD_OK;
}

bxd_status_t bxd_table_prepare_in(bxd_workspace_t *ws, int which,
                                  size_t count, bxd_table_t *table) {
    size_t capacity;
    unsigned bits;
    bxd_status_t st = bxd_table_capacity(count, &capacity, &bits);
    if (st != BXD_OK) return st;
    st = bxd_ws_reserve(ws, which, capacity, sizeof(bxd_slot_t));
    if (st != BXD_OK) return st;
    table->slots = (bxd_slot_t *)ws->buffers[which].data;
    table->mask = capacity - 1;
    table->shift = 64u - bits;
    table->key = ws->key;
    BXD_PROBES_INIT(table, ws);
    /* 0xFF bytes make every cursor BXD_SLOT_EMPTY. */
    memset(table->slots, 0xFF, capacity * sizeof(bxd_slot_t));
    return BXD_OK;
}

bxd_status_t bxd_table_prepare(bxd_workspace_t *ws, size_t count,
                               bxd_table_t *table) {
    return bxd_table_prepare_in(ws, BXD_WS_TABLE, count, table);
}

uint64_t bxd_table_slot(uint64_t id, uint64_t key, unsigned bits) {
    if (bits == 0) return 0;
    uint64_t h = bxd_mix(id, key);
    return bits >= 64 ? h : h >> (64u - bits);
}

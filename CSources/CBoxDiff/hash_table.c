/*
 * hash_table.c - the open-addressing table over 64-bit ids that every
 * algorithm shares. Linear probing, power-of-two capacity, load <= 2/3.
 * The table lives in workspace buffer BXD_WS_TABLE.
 */
#include "internal.h"

bxd_status_t bxd_table_prepare(bxd_workspace_t *ws, size_t count,
                               bxd_table_t *table) {
    size_t capacity = 16;
    unsigned bits = 4;
    /* capacity >= count * 3 / 2 keeps probes short. */
    while (capacity / 3 * 2 < count) {
        if (capacity > SIZE_MAX / 2) return BXD_ERR_TOO_LARGE;
        capacity *= 2;
        bits++;
    }
    bxd_status_t st = bxd_ws_reserve(ws, BXD_WS_TABLE, capacity,
                                     sizeof(bxd_slot_t));
    if (st != BXD_OK) return st;
    table->slots = (bxd_slot_t *)ws->buffers[BXD_WS_TABLE].data;
    table->mask = capacity - 1;
    table->shift = 64u - bits;
    /* 0xFF bytes make every cursor BXD_SLOT_EMPTY. */
    memset(table->slots, 0xFF, capacity * sizeof(bxd_slot_t));
    return BXD_OK;
}

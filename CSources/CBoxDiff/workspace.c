/*
 * workspace.c - workspaces, options and status strings.
 */
#include "internal.h"

const char *bxd_status_string(bxd_status_t status) {
    switch (status) {
    case BXD_OK: return "ok";
    case BXD_ERR_NO_MEMORY: return "out of memory";
    case BXD_ERR_INVALID_ARGUMENT: return "invalid argument";
    case BXD_ERR_TOO_LARGE: return "input too large for 32-bit indices";
    case BXD_ERR_DUPLICATE: return "duplicate id rejected";
    }
    return "unknown status";
}

void bxd_options_init(bxd_options_t *options) {
    if (options == NULL) return;
    options->algorithm = BXD_ALGORITHM_HECKEL;
    options->flags = 0;
    options->lcs_cost_bound = BXD_DEFAULT_LCS_COST_BOUND;
}

bxd_status_t bxd_workspace_create(const bxd_allocator_t *allocator,
                                  bxd_workspace_t **out) {
    if (out == NULL) return BXD_ERR_INVALID_ARGUMENT;
    *out = NULL;
    if (allocator == NULL) allocator = &bxd_default_allocator;
    if (allocator->allocate == NULL || allocator->deallocate == NULL)
        return BXD_ERR_INVALID_ARGUMENT;
    bxd_workspace_t *ws = (bxd_workspace_t *)allocator->allocate(
        allocator->context, sizeof(bxd_workspace_t));
    if (ws == NULL) return BXD_ERR_NO_MEMORY;
    memset(ws, 0, sizeof *ws);
    ws->allocator = *allocator;
    *out = ws;
    return BXD_OK;
}

void bxd_workspace_destroy(bxd_workspace_t *ws) {
    if (ws == NULL) return;
    bxd_allocator_t allocator = ws->allocator;
    for (int i = 0; i < BXD_WS_BUFFER_COUNT; i++)
        bxd_buffer_release(&allocator, &ws->buffers[i]);
    allocator.deallocate(allocator.context, ws, sizeof(bxd_workspace_t));
}

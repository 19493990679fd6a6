/*
 * alloc.c - the default allocator and growable scratch buffers.
 */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>

static void *bxd_malloc(void *context, size_t size) {
    (void)context;
    /* A failed malloc sets errno; the library promises not to touch it.
     * Through a volatile access: compilers model malloc as leaving errno
     * alone and removed a plain save and restore. */
    volatile int *error = &errno;
    const int saved = *error;
    void *pointer = malloc(size);
    *error = saved;
    return pointer;
}

static void bxd_free(void *context, void *pointer, size_t size) {
    (void)context;
    (void)size;
    free(pointer);
}

const bxd_allocator_t bxd_default_allocator = {bxd_malloc, bxd_free, NULL};

bxd_status_t bxd_buffer_reserve(const bxd_allocator_t *allocator,
                                bxd_buffer_t *buffer, size_t count,
                                size_t element_size) {
    size_t bytes;
    if (!bxd_mul_size(count, element_size, &bytes)) return BXD_ERR_TOO_LARGE;
    if (bytes == 0) bytes = 1;
    if (bytes <= buffer->capacity) return BXD_OK;
    void *fresh = allocator->allocate(allocator->context, bytes);
    if (fresh == NULL) return BXD_ERR_NO_MEMORY;
    if (buffer->data != NULL)
        allocator->deallocate(allocator->context, buffer->data,
                              buffer->capacity);
    buffer->data = fresh;
    buffer->capacity = bytes;
    return BXD_OK;
}

void bxd_buffer_release(const bxd_allocator_t *allocator,
                        bxd_buffer_t *buffer) {
    if (buffer->data != NULL)
        allocator->deallocate(allocator->context, buffer->data,
                              buffer->capacity);
    buffer->data = NULL;
    buffer->capacity = 0;
}

/* tests/c/support/counter.c: the counting allocator of the C API tests. */
#include "counter.h"

#include <stdlib.h>

void counter_init(counter* count) {
  count->allocations = 0;
  count->releases = 0;
  count->mismatches = 0;
  count->fail_after = -1;
  count->live = 0;
}

void* counted_allocate(void* user, size_t size) {
  counter* count = (counter*)user;
  void* block;
  if (count->fail_after == 0 || count->live == MAX_BLOCKS) {
    return NULL;
  }
  if (count->fail_after > 0) {
    --count->fail_after;
  }
  block = malloc(size);
  if (block != NULL) {
    ++count->allocations;
    count->blocks[count->live] = block;
    count->sizes[count->live] = size;
    ++count->live;
  }
  return block;
}

void counted_deallocate(void* user, void* memory, size_t size) {
  counter* count = (counter*)user;
  size_t i;
  for (i = 0; i < count->live; ++i) {
    if (count->blocks[i] == memory) {
      if (count->sizes[i] != size) {
        ++count->mismatches;
      }
      --count->live;
      count->blocks[i] = count->blocks[count->live];
      count->sizes[i] = count->sizes[count->live];
      ++count->releases;
      free(memory);
      return;
    }
  }
  ++count->mismatches;
}

int holds(const counter* count, const void* block) {
  size_t i;
  for (i = 0; i < count->live; ++i) {
    if (count->blocks[i] == block) {
      return 1;
    }
  }
  return 0;
}

strata_allocator counting_allocator(counter* count) {
  strata_allocator allocator;
  allocator.allocate = counted_allocate;
  allocator.deallocate = counted_deallocate;
  allocator.user = count;
  return allocator;
}

strata_stack* counted_stack(recorder* log, counter* count, strata_allocator* allocator) {
  strata_options settings = {NULL, 0, 0, 0};
  *allocator = counting_allocator(count);
  settings.allocator = allocator;
  counter_init(count);
  return make_stack(log, &settings);
}

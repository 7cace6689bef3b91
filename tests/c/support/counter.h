/* tests/c/support/counter.h: an allocator for the C API tests that counts what a stack asks of
 * it, checks each release against its block, and runs out of memory when a test says so. */
#ifndef STRATA_TEST_COUNTER_H
#define STRATA_TEST_COUNTER_H

#include <stddef.h>
#include <strata/strata.h>

#include "actor.h"

#define MAX_BLOCKS 256

typedef struct counter {
  long allocations;
  long releases;
  long mismatches; /* releases of unknown blocks or with another size */
  long fail_after; /* allocations to grant before returning NULL; negative: never fail */
  void* blocks[MAX_BLOCKS];
  size_t sizes[MAX_BLOCKS];
  size_t live;
} counter;

void counter_init(counter* count);
void* counted_allocate(void* user, size_t size);
void counted_deallocate(void* user, void* memory, size_t size);
/* Whether `block` is one the counter handed out and has not had back. */
int holds(const counter* count, const void* block);
/* counted_allocate and counted_deallocate on `count`. */
strata_allocator counting_allocator(counter* count);
/* A stack whose env is `log` and whose memory comes from `count` (initialized here) through
 * `allocator`, which must outlive the stack. */
strata_stack* counted_stack(recorder* log, counter* count, strata_allocator* allocator);

#endif

/* strata/strata_trace.h: traces of a C stack (R36; the guide is docs/debugging.md, the C side
 * docs/c-api.md, "Traces"). A trace keeps the last events of the stack it is installed on: each
 * callback of a state with its entry, depth and frame, each request and where it came from, each
 * step, each change of a name, modality or time scale, and the frames. It exports them as a
 * Chrome trace (JSON for https://ui.perfetto.dev or chrome://tracing) or as a text timeline:
 *
 *   strata_trace* trace = strata_trace_create(4096);    the last 4096 events
 *   strata_set_trace(stack, trace);
 *   ...strata_frame(stack, dt) each frame...
 *   length = strata_trace_chrome(trace, NULL, 0);       then into length + 1 bytes
 *   strata_set_trace(stack, NULL);
 *   strata_trace_destroy(trace);
 *
 * The C++ library's strata::trace_recorder, to_chrome_trace() and to_timeline(), which allocate
 * with the C++ library's operator new, not with the stack's strata_allocator. */
#ifndef STRATA_TRACE_H
#define STRATA_TRACE_H

#include <stddef.h>

#include "strata.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct strata_trace strata_trace;

/* A trace that keeps the last `capacity` events (at least 1), or NULL when out of memory (or for
 * a capacity too large for any memory). */
STRATA_API strata_trace* strata_trace_create(size_t capacity);
/* Destroys a trace installed on no stack: STRATA_OK (also for NULL). One still installed is
 * refused with STRATA_E_BAD_ARGUMENT and stays as it is: strata_set_trace(stack, NULL) first, or
 * strata_destroy() the stack, which leaves the trace and its events to be exported. */
STRATA_API int strata_trace_destroy(strata_trace* trace);

/* Installs `trace` on the stack, in place of the one installed (NULL removes it; the one
 * installed already changes nothing). A trace installed on a stack that holds states is first
 * told of them, as if it had watched them come; one replaced while a frame is open is told that
 * frame's end. Refused (STRATA_E_REENTRANT) from inside the stack's callbacks: between calls only.
 * A trace installed on another stack is refused with STRATA_E_BAD_ARGUMENT. Out of memory
 * (STRATA_E_NO_MEMORY), the trace installed before stays installed. Recording allocates the
 * first time it sees a state's name: out of memory then, the request, commit or frame under way
 * fails with STRATA_E_NO_MEMORY, as if a callback had. */
STRATA_API int strata_set_trace(strata_stack* stack, strata_trace* trace);

/* Frame marks for a game that calls strata_commit, strata_update and strata_draw itself
 * (strata_frame and strata_frame_events mark their own): the events between them make one
 * frame of the trace. A frame begun while one is open ends that one first; an end with no frame
 * open does nothing. Refused inside callbacks, as a frame is. */
STRATA_API int strata_begin_frame(strata_stack* stack);
STRATA_API int strata_end_frame(strata_stack* stack);

/* Write the trace, as snprintf writes: cut to fit `size` bytes and terminated (nothing is
 * written when `size` is 0, and `buffer` may then be NULL), returning the full length. Or a
 * negative result: STRATA_E_BAD_ARGUMENT for a NULL trace, a NULL buffer of nonzero size or a
 * text longer than INT_MAX, STRATA_E_NO_MEMORY. The Chrome trace is one JSON object; the
 * timeline one line per event, with how long each callback took unless `durations` is 0, which
 * makes it the same on every run. */
STRATA_API int strata_trace_chrome(const strata_trace* trace, char* buffer, size_t size);
STRATA_API int strata_trace_timeline(const strata_trace* trace, int durations, char* buffer,
                                     size_t size);

#ifdef __cplusplus
}
#endif

#endif /* STRATA_TRACE_H */

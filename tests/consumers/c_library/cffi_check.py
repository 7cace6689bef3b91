"""Python's cffi reads strata.h after the preprocessing step of docs/c-api.md and drives the shared
library through it: the consumer test of the shared C library runs this, and it prints what
every consumer program prints.

Usage: cffi_check.py <C compiler> <include directory> <libstrata_c.so>
"""
import subprocess
import sys

import cffi


def strata_declarations(compiler, include_dir):
    """The preprocessing step: strata.h through the C preprocessor, with STRATA_C_STATIC so that
    no import attribute is left, keeping only the lines that come from strata's own headers (the
    preprocessor's line markers say which file each line comes from; cffi knows size_t itself)."""
    preprocessed = subprocess.run(
        [compiler, "-E", "-DSTRATA_C_STATIC", "-I", include_dir, "-x", "c", "-"],
        input="#include <strata/strata.h>\n", capture_output=True, text=True, check=True).stdout
    ours = False
    kept = []
    for line in preprocessed.splitlines():
        if line.startswith("# "):  # '# <line> "<file>" <flags>'
            ours = "/strata/" in line
        elif ours and not line.startswith("#pragma"):
            kept.append(line)
    return "\n".join(kept)


def main():
    compiler, include_dir, library_path = sys.argv[1:4]
    ffi = cffi.FFI()
    ffi.cdef(strata_declarations(compiler, include_dir))
    strata = ffi.dlopen(library_path)

    trace = []

    @ffi.callback("strata_hook_fn")
    def enter(_stack, _env, _data):
        trace.append("enter")

    @ffi.callback("strata_tick_fn")
    def update(_stack, _env, _data, _dt):
        trace.append("update")

    @ffi.callback("strata_hook_fn")
    def leave(_stack, _env, _data):
        trace.append("exit")

    name = ffi.new("char[]", b"greeter")
    greeter = ffi.new("strata_state*")
    greeter.name = name
    greeter.enter = enter
    greeter.active = update
    greeter.exit = leave
    greeter.modality = strata.STRATA_SCREEN  # an enumerator, read from the header

    stack = ffi.new("strata_stack**")
    described = ffi.new("char[]", 64)
    for result in (lambda: strata.strata_create(stack, ffi.NULL, ffi.NULL),
                   lambda: strata.strata_push(stack[0], greeter, ffi.NULL),
                   lambda: strata.strata_frame(stack[0], 1.0 / 60.0),
                   lambda: strata.strata_describe(stack[0], described, 64),
                   lambda: strata.strata_destroy(stack[0])):
        if result() < strata.STRATA_OK:
            sys.exit("a call of the C API failed")
    print(ffi.string(described).decode())
    print(" ".join(trace))


if __name__ == "__main__":
    main()

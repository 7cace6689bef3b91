// fuzz/stack_fuzzer.cpp: the libFuzzer entry point. The input bytes decode to a program of up to
// 300 operations, played on strata::stack and on the reference model side by side; a
// disagreement, a broken lifecycle invariant or a leaked state prints the shrunk program and
// traps, and the sanitizers catch the rest. The decoder is the model test's, so the patterns of
// issue 10 (arms that fire again and again, requests from destructors, throwing on_exit, a second
// on_exit, NUL bytes in names, observers that replace themselves) and of issue 11 (focus hooks and
// update_always that make requests, close(id) of live, gone and unknown ids, time scales declared,
// at push and on kept handles, good and bad) and of R33 (transitions declared, at push and on kept
// handles, good and bad; draws that read their presence; finish_transitions(); dts of 0, inexact,
// infinite and NaN) come with it. R33's promise that transitions change no hook is checked on
// each input too: the program, without the arms that fire from draws, events and destructors,
// is played on strata::stack again with its transitions and without them, and the two runs must
// run the same hooks, draw at least as much, destroy the same states once each and let events
// reach the same states once nothing moves (model/strata_model/model_on_off.hpp).
#include <cstddef>
#include <cstdint>
#include <cstdio>

#include "strata_model/model_decode.hpp"
#include "strata_model/model_on_off.hpp"
#include "strata_model/model_runner.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  strata_model::byte_source source(data, size);
  const strata_model::program p = strata_model::decode_program(source, 300);
  if (!strata_model::run_program(p).ok()) {
    std::fprintf(stderr, "%s\n", strata_model::failure_report(p, {}, "fuzzer input").c_str());
    __builtin_trap();
  }
  const strata_model::program alike = strata_model::alike_on_and_off(p);
  if (!strata_model::check_on_off(alike).ok()) {
    std::fprintf(stderr, "%s\n", strata_model::on_off_report(alike, "fuzzer input").c_str());
    __builtin_trap();
  }
  return 0;
}

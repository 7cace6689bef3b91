#!/usr/bin/env python3
"""fuzz/make_corpus.py: writes the seed corpora of strata_fuzz_stack (fuzz/corpus/) and of
strata_fuzz_c_api (fuzz/c_corpus/).

Every byte of an input is one choice of the decoder (model/strata_model/model_decode.hpp), so
any bytes make a valid program: the seeds are seeded pseudo-random bytes of growing length (from a
handful of operations to a few hundred), plus two regular patterns. Run it again after changing
the decoder; the output is the same on every run.
"""
import pathlib
import random



def write_corpus(folder, seed, lengths):
    corpus = pathlib.Path(__file__).resolve().parent / folder
    corpus.mkdir(exist_ok=True)
    for old in corpus.glob("seed-*"):
        old.unlink()
    generator = random.Random(seed)
    for index, length in enumerate(lengths):
        data = bytes(generator.randrange(256) for _ in range(length))
        (corpus / f"seed-{index:02d}-random-{length}").write_bytes(data)
    (corpus / f"seed-{len(lengths):02d}-zeros").write_bytes(bytes(64))
    (corpus / f"seed-{len(lengths) + 1:02d}-ascending").write_bytes(bytes(range(256)))


write_corpus("corpus", 20240601, [8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024])
# The C API fuzzer reads its bytes the same way (one byte per choice), so the same kind of seeds.
write_corpus("c_corpus", 20261122, [8, 16, 32, 64, 128, 256, 512, 1024])

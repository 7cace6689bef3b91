#!/usr/bin/env python3
"""fuzz/make_corpus.py: writes the seed corpus of strata_fuzz_stack into fuzz/corpus/.

Every byte of an input is one choice of the decoder (tests/support/model_decode.hpp), so any
bytes make a valid program: the seeds are seeded pseudo-random bytes of growing length (from a
handful of operations to a few hundred), plus two regular patterns. Run it again after changing
the decoder; the output is the same on every run.
"""
import pathlib
import random

corpus = pathlib.Path(__file__).resolve().parent / "corpus"
corpus.mkdir(exist_ok=True)
for old in corpus.glob("seed-*"):
    old.unlink()

generator = random.Random(20240601)
for index, length in enumerate([8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024]):
    data = bytes(generator.randrange(256) for _ in range(length))
    (corpus / f"seed-{index:02d}-random-{length}").write_bytes(data)
(corpus / "seed-14-zeros").write_bytes(bytes(64))
(corpus / "seed-15-ascending").write_bytes(bytes(range(256)))

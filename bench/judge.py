#!/usr/bin/env python3
"""Times `gametable solve cards|stones` against the contest solutions.

Usage: python3 bench/judge.py [--runs N]

Builds the release binary, writes seeded random judge inputs into
target/bench/ (Cards: 100,000 situations, about 3.5 MB; Stones: 10^6 piles
with a_i near 10^9, about 10 MB), compiles the accepted contest solutions
from ../shared/seeds/ with `g++ -O2` into target/bench/ (they are reference
material: extracted at bench time, never committed), checks that every
program gives the same answers, and prints each program's best wall time
over N runs (process start, reading stdin from a file, collecting stdout;
on the judge's samples too, where starting the process is most of the
time) and the ratio against the contest solution, in one
run, beside the cost of starting `/bin/true` through the same harness.
Cards is also answered from the committed table file, where `solve`
checks each verdict one move deep against the rules.
"""
import argparse
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "target", "bench")
SEEDS = os.path.join(ROOT, "..", "shared", "seeds")
GAMETABLE = os.path.join(ROOT, "target", "release", "gametable")


def cards_input(path, situations=100_000, seed=919):
    rng = random.Random(seed)
    lines = [str(situations)]
    for _ in range(situations):
        first = rng.randrange(2)
        while True:
            alice = [rng.randrange(5) for _ in range(8)]
            bob = [rng.randrange(5) for _ in range(8)]
            mover = alice if first == 0 else bob
            if any(mover):  # the judge guarantees the first mover holds a non-zero card
                break
        lines += [str(first), " ".join(map(str, alice)), " ".join(map(str, bob))]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def stones_input(path, piles=1_000_000, per_case=100_000, seed=3964):
    rng = random.Random(seed)
    cases = piles // per_case
    out = [str(cases)]
    for case in range(cases):
        # Mostly plain piles, and a few cases with one restricted pile, so
        # that both answers and every rule of the closed form occur.
        a = [rng.randrange(999_000_000, 1_000_000_001) for _ in range(per_case)]
        b = [0] * per_case
        if case % 3 == 1:
            b[rng.randrange(per_case)] = rng.choice([1, 2])
        out += [str(per_case), " ".join(map(str, a)), " ".join(map(str, b))]
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def extract(seed_name, first_line_marker, target):
    """Copies a seed's code (from the marker line to the end) to `target`."""
    with open(os.path.join(SEEDS, seed_name)) as f:
        text = f.read()
    start = text.index(first_line_marker)
    with open(target, "w") as f:
        f.write(text[start:])


def compile_cpp(source, binary):
    subprocess.run(["g++", "-O2", "-o", binary, source], check=True)


def best_time(cmd, stdin_path, runs):
    best = float("inf")
    output = None
    for _ in range(runs):
        with open(stdin_path, "rb") as stdin:
            started = time.perf_counter()
            result = subprocess.run(cmd, stdin=stdin, stdout=subprocess.PIPE, check=True)
            best = min(best, time.perf_counter() - started)
        output = result.stdout
    return best, output


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)

    seeds = sorted(os.listdir(SEEDS))
    cards_seed = next(s for s in seeds if "Awson" in open(os.path.join(SEEDS, s)).read())
    stones_seed = next(s for s in seeds if "ZOJ_3964" in open(os.path.join(SEEDS, s)).read())
    extract(cards_seed, "//It is made by Awson", os.path.join(OUT, "cards_contest.cpp"))
    extract(stones_seed, "#include<stdio.h>", os.path.join(OUT, "stones_contest.cpp"))
    compile_cpp(os.path.join(OUT, "cards_contest.cpp"), os.path.join(OUT, "cards_contest"))
    compile_cpp(os.path.join(OUT, "stones_contest.cpp"), os.path.join(OUT, "stones_contest"))

    cards_in = os.path.join(OUT, "cards-100k.in")
    stones_in = os.path.join(OUT, "stones-1m.in")
    if not os.path.exists(cards_in):
        cards_input(cards_in)
    if not os.path.exists(stones_in):
        stones_input(stones_in)

    # What starting any process costs through this harness, measured in the
    # same run: the floor under every figure below.
    floor, _ = best_time(["/bin/true"], cards_in, args.runs)
    print(f"process start floor (/bin/true through this harness): {floor * 1e3:.2f} ms")
    for game, input_path, contest in [
        ("cards", cards_in, os.path.join(OUT, "cards_contest")),
        ("stones", stones_in, os.path.join(OUT, "stones_contest")),
    ]:
        size = os.path.getsize(input_path) / 1e6
        ours, our_out = best_time([GAMETABLE, "solve", game], input_path, args.runs)
        theirs, their_out = best_time([contest], input_path, max(3, args.runs // 4))
        if our_out != their_out:
            sys.exit(f"{game}: gametable and the contest solution disagree")
        answers = our_out.count(b"\n")
        print(f"{game}: {size:.1f} MB, {answers} answers (identical)")
        print(f"  gametable solve {game:<7} {ours * 1e3:8.2f} ms ({(ours - floor) * 1e3:.2f} ms above the floor)")
        print(f"  contest solution (g++ -O2) {theirs * 1e3:8.2f} ms")
        print(f"  speed-up {theirs / ours:.1f}x")
        if game == "cards":
            # From the table file, each verdict checked one move deep
            # against the rules (the embedded table is answered as read).
            table = os.path.join(ROOT, "data", "cards-8-5.gtbl")
            checked, checked_out = best_time(
                [GAMETABLE, "solve", game, "--table", table], input_path, args.runs
            )
            if checked_out != our_out:
                sys.exit(f"{game}: the table file and the embedded table disagree")
            print(f"  gametable solve {game} --table data/cards-8-5.gtbl (checked) "
                  f"{checked * 1e3:.2f} ms ({checked / ours:.1f}x the embedded table's)")
        # The judge's sample: a few answers, so the process's start is most
        # of the time (a judge starts one process per test file).
        sample = os.path.join(ROOT, "tests", "data", f"{game}-sample.in")
        ours, our_out = best_time([GAMETABLE, "solve", game], sample, args.runs)
        theirs, their_out = best_time([contest], sample, args.runs)
        if our_out != their_out:
            sys.exit(f"{game}: gametable and the contest solution disagree on the sample")
        sample_answers = our_out.count(b"\n")
        print(f"  the sample ({sample_answers} answers): gametable {ours * 1e3:.2f} ms "
              f"({(ours - floor) * 1e3:.2f} ms above the floor), contest solution {theirs * 1e3:.2f} ms")


if __name__ == "__main__":
    main()

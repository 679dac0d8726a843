#!/usr/bin/python3
"""A Scrabble game reviewed: each play of a GCG record against the best play there, by
simulation from the mover's rack (the other rack and the bag sampled), graded as Macondo grades
win % lost: small up to 3, medium up to 7, large beyond.

  PYTHONPATH=build/python examples/scrabble_review.py game.gcg [--seat 1] [--samples 200]
"""
import argparse
import sys

import kibitzer


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gcg", help="the game record (GCG)")
    parser.add_argument("--server", default="127.0.0.1:50051")
    parser.add_argument("--seat", default="", help="1 or 2: only that player's plays")
    parser.add_argument("--samples", type=int, default=200, help="simulated games a play")
    parser.add_argument("--algorithm", default="", help="e.g. static for a quick review")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with open(args.gcg, encoding="utf-8") as f:
        position = kibitzer.Position(game="scrabble", notation=f.read())
    options = {"algorithm": args.algorithm} if args.algorithm else {}
    samples = 0 if args.algorithm in ("static", "greedy") else args.samples  # these sample none
    try:
        with kibitzer.Client(args.server) as client:
            with client.review(position, reviewed_seat=args.seat, samples=samples,
                               seed=args.seed, options=options) as review:
                for report in review:
                    sys.stderr.write(f"\r{len(report.reviews)}/{report.review_total} plays")
                final = review.final
    except kibitzer.KibitzerError as e:
        sys.exit(f"\nscrabble_review ({e.field}): {e.reason}")
    sys.stderr.write("\n")
    for m in final.reviews:
        if not m.valued:
            print(f"{m.index + 1:3} {m.seat} {m.played:16} not valued: {m.note}")
        elif m.grade == "best":
            print(f"{m.index + 1:3} {m.seat} {m.played:16} best")
        else:
            print(f"{m.index + 1:3} {m.seat} {m.played:16} {m.grade:6} best {m.best.move} "
                  f"(-{m.cost:.3g} {m.unit.lower()})")


if __name__ == "__main__":
    main()

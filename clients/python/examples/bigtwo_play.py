#!/usr/bin/python3
"""Big Two from one seat's view: every play it may make after the plays so far, valued by Monte
Carlo over the hands it cannot see, in game points (1000 a beaten seat plus the cards' points).

  PYTHONPATH=build/python examples/bigtwo_play.py --moves 3C,6C,9H --seat 4
  (without --deal: the engine's example deal)
"""
import argparse
import sys

import kibitzer


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="127.0.0.1:50051")
    parser.add_argument("--deal", default="", help="the hands, seat 1 first (default: example)")
    parser.add_argument("--moves", default="3C,6C,9H", help="plays so far, comma-separated")
    parser.add_argument("--seat", default="4")
    parser.add_argument("--samples", type=int, default=32)
    args = parser.parse_args()
    try:
        with kibitzer.Client(args.server) as client:
            deal = args.deal or next(g["example_position"] for g in client.info()["games"]
                                     if g["name"] == "bigtwo")
            position = kibitzer.Position(game="bigtwo", notation=deal, seat=args.seat,
                                         moves=[m for m in args.moves.split(",") if m])
            with client.analyze(position, samples=args.samples, seed=1) as analysis:
                final = analysis.result()
    except kibitzer.KibitzerError as e:
        sys.exit(f"bigtwo_play ({e.field}): {e.reason}")
    for m in final.moves:
        print(f"{m.move:16} {m.value:10.1f} ±{m.std_error:.1f}")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Three-player tarok from one seat's view: every move it may make (a talon group, a discard, a
card), valued by Monte Carlo over the hands it cannot see, in the report's unit (the seat's
score for talon groups, card points of its side for cards).

  PYTHONPATH=build/python examples/tarok_card.py --moves "two:1,pass,..." --seat 1
  (without --deal: the engine's example deal; --contract and --declarer skip the bidding)
"""
import argparse
import sys

import kibitzer


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="127.0.0.1:50051")
    parser.add_argument("--deal", default="", help="three hands and the talon (default: example)")
    parser.add_argument("--contract", default="three")
    parser.add_argument("--declarer", default="1")
    parser.add_argument("--moves", default="", help="moves played, comma-separated")
    parser.add_argument("--seat", default="", help="whose view (default: the seat to move)")
    parser.add_argument("--samples", type=int, default=16)
    args = parser.parse_args()
    try:
        with kibitzer.Client(args.server) as client:
            deal = args.deal or next(g["example_position"] for g in client.info()["games"]
                                     if g["name"] == "tarok")
            position = kibitzer.Position(
                game="tarok", notation=deal, moves=[m for m in args.moves.split(",") if m],
                options={"contract": args.contract, "declarer": args.declarer})
            setup = client.setup(position)
            position.seat = args.seat or setup.side_to_move
            print(f"seat {position.seat} to play; legal: {' '.join(setup.legal_moves)}")
            with client.analyze(position, samples=args.samples, seed=1) as analysis:
                final = analysis.result()
    except kibitzer.KibitzerError as e:
        sys.exit(f"tarok_card ({e.field}): {e.reason}")
    for m in final.moves:
        print(f"{m.move:8} {m.display:>14}  ±{m.std_error:.2f}  ({m.samples} layouts)")


if __name__ == "__main__":
    main()

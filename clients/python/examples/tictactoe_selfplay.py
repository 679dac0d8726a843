#!/usr/bin/python3
"""Tic-tac-toe, the reference game: the engine plays both sides from a position to the end (exact
search: a draw from the empty board), then reviews the game it played (every move best).

  PYTHONPATH=build/python examples/tictactoe_selfplay.py [--start "x...o.... x"]
"""
import argparse
import sys

import kibitzer


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="127.0.0.1:50051")
    parser.add_argument("--start", default="......... x")
    args = parser.parse_args()
    try:
        with kibitzer.Client(args.server) as client:
            moves = []
            while True:
                position = kibitzer.Position(game="tictactoe", notation=args.start, moves=moves)
                setup = client.setup(position)
                if setup.terminal:
                    print(f"{' '.join(moves)}: {setup.outcome}")
                    break
                moves.append(client.best_move(position).best_move)
            with client.review(position) as review:
                grades = [m.grade for m in review.result().reviews]
    except kibitzer.KibitzerError as e:
        sys.exit(f"tictactoe_selfplay ({e.field}): {e.reason}")
    print("review:", " ".join(grades))


if __name__ == "__main__":
    main()

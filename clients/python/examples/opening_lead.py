#!/usr/bin/python3
"""An opening-lead study: the leader sees only its own hand; kibitzer samples the other three
hands (under a dealer-language constraint on the auction's meaning), solves each layout double
dummy and ranks every lead by the chance of defeating the contract, live.

  PYTHONPATH=build/python examples/opening_lead.py --hand T5.T97.K87.AT984 --contract 3NT \
      --declarer S --constraints "hcp(south) >= 15 && hcp(south) <= 17 && hcp(north) >= 8"
"""
import argparse
import sys

import kibitzer

SEATS = "NESW"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="127.0.0.1:50051")
    parser.add_argument("--hand", required=True, help="the leader's hand, PBN: S.H.D.C")
    parser.add_argument("--contract", required=True, help="e.g. 3NT, 4S, 4HX")
    parser.add_argument("--declarer", required=True, choices=list(SEATS))
    parser.add_argument("--constraints", default="", help="dealer-language script")
    parser.add_argument("--samples", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    leader = SEATS[(SEATS.index(args.declarer) + 1) % 4]
    hands = ["-"] * 4
    hands[SEATS.index(leader)] = args.hand
    position = kibitzer.Position(game="bridge", notation="N:" + " ".join(hands), seat=leader,
                                 options={"contract": args.contract, "declarer": args.declarer})
    options = {"constraints": args.constraints} if args.constraints else {}
    try:
        with kibitzer.Client(args.server) as client:
            with client.analyze(position, samples=args.samples, seed=args.seed, options=options,
                                progress_interval_ms=500) as analysis:
                for report in analysis:
                    sys.stderr.write(f"\r{report.samples}/{args.samples} layouts")
                final = analysis.final
    except kibitzer.KibitzerError as e:
        where = f" ({e.field})" if e.field else ""
        sys.exit(f"\nopening_lead{where}: {e.reason}")
    sys.stderr.write("\n")
    print(f"{'lead':6} {'defeat %':>10} {'tricks':>14}")
    for m in final.moves:
        success = 100 * m.metrics.get("success", 0.0)
        success_se = 100 * m.metrics.get("success_se", 0.0)
        tricks, tricks_se = m.metrics.get("mean_tricks", 0.0), m.metrics.get("mean_tricks_se", 0.0)
        print(f"{m.move:6} {success:6.1f}±{success_se:<4.1f} {tricks:8.2f}±{tricks_se:.2f}")


if __name__ == "__main__":
    main()

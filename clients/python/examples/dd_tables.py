#!/usr/bin/python3
"""Double-dummy tables and par for a file of deals (one PBN deal per line, '#' comments), with a
progress bar on stderr; several --server addresses share the work.

  PYTHONPATH=build/python examples/dd_tables.py deals.txt --server 127.0.0.1:50051 > tables.txt
Each output line: the deal, the 20 tricks (S H D C NT, declarers N E S W), par score, par contracts.
"""
import argparse
import sys

import kibitzer


def progress_bar(done, total):
    width = 40
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", help="file of deals")
    parser.add_argument("--server", action="append", default=[],
                        help="kibitzerd address (repeat for several; default 127.0.0.1:50051)")
    parser.add_argument("--dealer", default="", help="dealer for par: N, E, S or W")
    parser.add_argument("--vulnerable", default="", help="None, NS, EW or All")
    args = parser.parse_args()
    with open(args.deals) as f:
        deals = [line.split("\t")[0].strip() for line in f
                 if line.strip() and not line.startswith("#")]
    try:
        with kibitzer.Client(args.server or "127.0.0.1:50051") as client:
            tables = client.tables(deals, dealer=args.dealer, vulnerable=args.vulnerable,
                                   progress=progress_bar if sys.stderr.isatty() else None)
    except kibitzer.KibitzerError as e:
        sys.exit(f"dd_tables: {e.message}")
    for t in tables:
        tricks = " ".join(str(t.tricks[s][d]) for s in ("S", "H", "D", "C", "NT") for d in "NESW")
        print(f"{t.deal}\t{tricks}\t{t.par_score}\t{','.join(t.par_contracts)}")


if __name__ == "__main__":
    main()

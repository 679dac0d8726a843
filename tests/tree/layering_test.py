#!/usr/bin/python3
"""The layers of the tree, checked from its #include lines: each layer includes only itself and
the layers below it, and no game includes another game's folder.

  engine/core < engine/search < engine/games/GAME < engine/analysis < service < clients, bench

engine/ never includes gRPC, protobuf or the generated wire messages (the engine knows no
transport). Run: layering_test.py [ROOT]"""
import pathlib
import re
import sys
import unittest

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2])
INCLUDE = re.compile(r'^\s*#\s*include\s+[<"]([^>"]+)[>"]', re.M)
WIRE = ("grpc/", "grpcpp/", "google/protobuf/", "google/rpc/", "kibitzer/v1/")


def layer(path):
    """The layer of a repository path (a file or an include), or None for one outside them."""
    parts = pathlib.PurePosixPath(path).parts
    if parts[:2] == ("engine", "core"):
        return ("core", None)
    if parts[:2] == ("engine", "search"):
        return ("search", None)
    if parts[:2] == ("engine", "games") and len(parts) > 3:
        return ("games", parts[2])
    if parts[:2] == ("engine", "analysis"):
        return ("analysis", None)
    if parts[:1] == ("service",):
        return ("service", None)
    if parts[:1] in (("clients",), ("bench",)):
        return ("clients", None)
    return None


RANK = {"core": 0, "search": 1, "games": 2, "analysis": 3, "service": 4, "clients": 5}


def violations(root):
    found = []
    for source in sorted(root.glob("**/*")):
        if source.suffix not in (".h", ".cc", ".c") or not source.is_file():
            continue
        relative = source.relative_to(root).as_posix()
        if relative.startswith(("build", "tests/", "clients/web/", ".")):
            continue
        mine = layer(relative)
        if mine is None:
            continue
        for included in INCLUDE.findall(source.read_text(errors="replace")):
            if relative.startswith("engine/") and included.startswith(WIRE):
                found.append(f"{relative}: the engine includes the wire ({included})")
                continue
            theirs = layer(included)
            if theirs is None:
                continue
            if RANK[theirs[0]] > RANK[mine[0]]:
                found.append(f"{relative}: {mine[0]} includes the higher layer {theirs[0]} ({included})")
            elif mine[0] == theirs[0] == "games" and mine[1] != theirs[1]:
                found.append(f"{relative}: game {mine[1]} includes game {theirs[1]} ({included})")
    return found


class LayeringTest(unittest.TestCase):
    def test_every_include_goes_down_or_across_its_own_folder(self):
        self.assertEqual(violations(ROOT), [])

    def test_the_check_sees_a_violation(self):
        """A tree with one include the wrong way is reported (so the check can fail)."""
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            bad = pathlib.Path(d, "engine/core/bad.h")
            bad.parent.mkdir(parents=True)
            bad.write_text('#include "engine/analysis/query_runner.h"\n#include "grpcpp/grpcpp.h"\n')
            game = pathlib.Path(d, "engine/games/tarok/x.cc")
            game.parent.mkdir(parents=True)
            game.write_text('#include "engine/games/bridge/rules/cards.h"\n')
            self.assertEqual(len(violations(pathlib.Path(d))), 3)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])

#!/usr/bin/env bash
# The Python package installs with pip from the repository, without a package index, into a
# virtual environment over the system's grpcio and protobuf, and works from there (its stubs
# included) against a real kibitzerd.
#   pip_install_test.sh PYTHON PACKAGE_DIR KIBITZERD
set -euo pipefail
python=$1 package=$2 kibitzerd=$3
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2> /dev/null; rm -rf "$work"' EXIT
cp -r "$package" "$work/src"  # setuptools writes its build files beside the sources
"$python" -m venv --system-site-packages "$work/env"
"$work/env/bin/pip" install --quiet --no-build-isolation --no-index "$work/src"
"$kibitzerd" --listen=127.0.0.1:0 --threads=1 --log-requests=false > "$work/address" 2> /dev/null &
server=$!
for _ in $(seq 600); do grep -q "listening on" "$work/address" && break; sleep 0.1; done
address=$(sed -n 's/^kibitzerd listening on //p' "$work/address")
cd "$work"  # away from the repository: the installed package, not the sources
"$work/env/bin/python" - "$address" << 'PY'
import sys
import kibitzer
assert "site-packages" in kibitzer.__file__, kibitzer.__file__
with kibitzer.Client(sys.argv[1]) as k:
    best = k.best_move(kibitzer.Position(game="tictactoe", notation="xx.oo.... x")).best_move
    assert best == "c1", best
    table = k.tables(["N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984"])[0]
    assert set(table.tricks) == {"S", "H", "D", "C", "NT"}, table.tricks
    try:
        k.setup(game="tictactoe", notation="not a board")
        raise AssertionError("a bad notation was accepted")
    except kibitzer.InvalidArgument as e:
        assert e.field, e
# Typed: the marker ships, and every public call's hints resolve (parameters and result).
import inspect, os, typing
assert os.path.exists(os.path.join(os.path.dirname(kibitzer.__file__), "py.typed"))
for cls in (kibitzer.Client, kibitzer.Analysis):
    for name, member in inspect.getmembers(cls, inspect.isfunction):
        if name.startswith("_") and name != "__init__":
            continue
        hints = typing.get_type_hints(member)
        assert "return" in hints, f"{cls.__name__}.{name} has no return type"
        for parameter in inspect.signature(member).parameters.values():
            if parameter.name != "self" and parameter.kind is not parameter.VAR_KEYWORD:
                assert parameter.name in hints, f"{cls.__name__}.{name}({parameter.name}) untyped"
print("installed and working:", kibitzer.__file__)
PY

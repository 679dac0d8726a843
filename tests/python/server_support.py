"""What the Python tests share: a kibitzerd on a free port, DDS's reference tables, and waiting
for a condition (bounded, never a measure of speed)."""
import collections
import subprocess
import time

LISTENING = "kibitzerd listening on "

# A line of tests/data/bridge/dd_tables_public.txt: the deal, its 20 tricks, par score and
# contracts, and the line as it is in the file.
Row = collections.namedtuple("Row", "deal tricks par contracts line")


def start_kibitzerd(path, *flags, stderr=None):
    """kibitzerd on 127.0.0.1 and a free port: (process, address)."""
    process = subprocess.Popen([path, "--listen=127.0.0.1:0", *flags], stdout=subprocess.PIPE,
                               stderr=stderr, text=True)
    line = process.stdout.readline()
    if not line.startswith(LISTENING):
        process.kill()
        raise RuntimeError("kibitzerd did not start: " + line)
    return process, line[len(LISTENING):].strip()


def reference_tables(path, count):
    """The first `count` rows of the reference tables file."""
    rows = []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            deal, tricks, par, contracts = line.rstrip("\n").split("\t")
            rows.append(Row(deal, [int(t) for t in tricks.split()], int(par),
                            contracts.split(","), line))
            if len(rows) == count:
                break
    return rows


def wait_for(what, check, seconds=60):
    """Waits until check() holds; fails the test after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"waited {seconds} s for {what}")

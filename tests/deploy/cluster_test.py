#!/usr/bin/python3
"""Three kibitzerd replicas behind nginx (scripts/cluster.sh), used through the Python client:
calls spread over every replica with the answers of one server, Stop and cancellation through
the balancer, a replica drained (SIGTERM) during streams, a replica killed (SIGKILL) in the middle
of a batch.

  cluster_test.py --cluster scripts/cluster.sh --build BUILD_DIR --tables FILE
"""
import argparse
import concurrent.futures
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import unittest

import kibitzer
from server_support import reference_tables, start_kibitzerd, wait_for

ARGS = None
CLUSTER = None  # the cluster.sh process
DIR = None
ADDRESS = None
REPLICAS = {}  # name -> (address, pid)
TOKEN = "cluster-test-token-0123456789abcdef"
# South's view of a six-card ending, South to lead.
SEAT_VIEW = kibitzer.Position(game="bridge", notation="N:AK.AQ.J.5 94.43.A.K J8.KJ.5.Q T5.T9.K.A",
                              seat="S", options={"leader": "S"})


def free_port_block(count):
    """A base port with `count` free ports after it (checked by binding each)."""
    for _ in range(50):
        base = random.randint(20000, 60000)
        sockets = []
        try:
            for i in range(count):
                s = socket.socket()
                s.bind(("127.0.0.1", base + i))
                sockets.append(s)
            return base
        except OSError:
            continue
        finally:
            for s in sockets:
                s.close()
    raise RuntimeError("no free ports")


def log_of(name):
    with open(os.path.join(DIR, f"{name}.log")) as f:
        return f.read()


def balanced_client(**kwargs):
    """A client of the balancer: over TLS (the CA of the test's certificate), with the token."""
    with open(os.path.join(DIR, "ca.pem"), "rb") as f:
        return kibitzer.Client(ADDRESS, token=TOKEN, root_certificates=f.read(), **kwargs)


def make_certificates():
    """A CA and a certificate for 127.0.0.1 that it signed, for nginx's TLS."""
    subprocess.run(
        "openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=test-ca -keyout ca.key "
        "-out ca.pem && openssl req -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 "
        "-keyout balancer.key -out balancer.csr && printf 'subjectAltName=IP:127.0.0.1\\n' > san "
        "&& openssl x509 -req -in balancer.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 "
        "-extfile san -out balancer.pem", shell=True, cwd=DIR, check=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def replica_of(search_id):
    return re.match(r"s-(r\d+)-", search_id).group(1)


def reference(count):
    return reference_tables(ARGS.tables, count)


def tricks(table):
    return [table.tricks[s][d] for s in ("S", "H", "D", "C", "NT") for d in "NESW"]


class DrainTest(unittest.TestCase):
    def test_health_says_not_serving_from_sigterm_on(self):
        """During --drain-delay health answers NOT_SERVING and calls are still served; a second
        SIGTERM ends the drain."""
        server, address = start_kibitzerd(os.path.join(ARGS.build, "service/kibitzerd"),
                                          "--drain-delay=600s", "--threads=1",
                                          stderr=subprocess.DEVNULL)
        kibitz = os.path.join(ARGS.build, "clients/cli/kibitz")
        health = lambda: subprocess.run([kibitz, f"--server={address}", "health"],
                                        capture_output=True, text=True, timeout=60)
        self.assertEqual(health().stdout, "SERVING\n")
        server.send_signal(signal.SIGTERM)
        wait_for("NOT_SERVING", lambda: health().stdout == "NOT_SERVING\n")
        self.assertEqual(health().returncode, 1)
        with kibitzer.Client(address) as client:
            self.assertEqual(client.setup(game="tictactoe").side_to_move, "x")
        server.send_signal(signal.SIGTERM)
        self.assertEqual(server.wait(timeout=60), 0)
        server.stdout.close()


class ClusterTest(unittest.TestCase):
    # The tests run in name order: the last two take replicas away.

    def client(self, **kwargs):
        return balanced_client(**kwargs)

    def test_1_calls_spread_over_every_replica_with_one_servers_answers(self):
        rows = reference(100)
        with self.client() as client:
            # 300 table requests of one deal each.
            tables = client.tables([r.deal for r in rows] * 3, chunk_size=1)
            self.assertEqual([tricks(t) for t in tables], [r.tricks for r in rows] * 3)
            # 30 seat-view analyses, each a seed of its own; each equal to the same analysis on
            # one replica directly (same seed, same answer).
            # Six at a time: fewer than one client's limit on any replica (8).
            with concurrent.futures.ThreadPoolExecutor(max_workers=6) as pool:
                finals = list(pool.map(
                    lambda s: (s, client.analyze(SEAT_VIEW, samples=200, seed=s).result()), range(30)))
            self.assertEqual(len(finals), 30)
            used = {replica_of(f.search_id) for _, f in finals}
            direct_address = REPLICAS["r0"][0]
            with kibitzer.Client(direct_address, token=TOKEN) as direct:
                for seed, final in finals[:5]:
                    alone = direct.analyze(SEAT_VIEW, samples=200, seed=seed).result()
                    self.assertEqual([(m.move, m.value) for m in final.moves],
                                     [(m.move, m.value) for m in alone.moves])
        for name in REPLICAS:
            log = log_of(name)
            self.assertIn("SolveTables", log, name)
        self.assertGreaterEqual(len(used), 2, used)
        # A stream's log line is written once gRPC is done with the call, which may be after the
        # client has its answer: wait for all 35, then check there are no more.
        analyzes = lambda: sum(log_of(n).count(" Analyze ") for n in REPLICAS)
        wait_for("the 35 analyses' log lines", lambda: analyzes() >= 35)
        self.assertEqual(analyzes(), 35)

    def test_2_stop_and_cancel_through_the_balancer(self):
        with self.client() as client:
            # Stop: the search id routes the call to the replica running the search.
            analysis = client.analyze(SEAT_VIEW, samples=10_000_000, time_ms=600_000)
            self.assertTrue(analysis.stop())
            final = analysis.result()
            self.assertEqual(final.stop_reason, "STOPPED")
            # Cancelling the stream ends the search on its replica (its log says so).
            analysis = client.analyze(SEAT_VIEW, samples=10_000_000, time_ms=600_000)
            search_id = next(analysis).search_id
            analysis.close()
            name = replica_of(search_id)
            wait_for("the cancelled search's log line", lambda: f"search={search_id} " in log_of(name))
            line = next(l for l in log_of(name).splitlines() if f"search={search_id} " in l)
            self.assertIn("stop=STOP_REASON_CANCELLED", line)

    def kibitz(self, *args):
        token_file = os.path.join(DIR, "token")
        with open(token_file, "w") as f:
            f.write(TOKEN + "\n")
        return subprocess.run([os.path.join(ARGS.build, "clients/cli/kibitz"), f"--server={ADDRESS}",
                               f"--tls-ca={DIR}/ca.pem", f"--token-file={token_file}",
                               "--deadline=60s", *args],
                              capture_output=True, text=True, timeout=120)

    def test_0_the_balancer_speaks_tls_only(self):
        """The shipped form: TLS at nginx, so tokens never cross in the clear."""
        with kibitzer.Client(ADDRESS, token=TOKEN, timeout=5) as plain:
            with self.assertRaises(kibitzer.KibitzerError):
                plain.info()
        with self.client() as client:
            self.assertIn("bridge", [g["name"] for g in client.info()["games"]])

    def test_2b_kibitz_routes_held_positions_and_stop_through_the_balancer(self):
        """kibitz sends kibitzer-route: a held position's search reaches the replica that holds
        it (6 of 6), and `kibitz stop` reaches the replica running the search."""
        import json
        for _ in range(6):
            setup = self.kibitz("--json", "--game=tictactoe", "setup", "x...o....", "x")
            self.assertEqual(setup.returncode, 0, setup.stderr)
            position_id = json.loads(setup.stdout.strip().splitlines()[-1])["position_id"]
            best = self.kibitz("--json", f"--position-id={position_id}", "bestmove")
            self.assertEqual(best.returncode, 0, best.stderr)
        with self.client() as client:
            analysis = client.analyze(SEAT_VIEW, samples=10_000_000, time_ms=600_000)
            search_id = next(analysis).search_id
            stop = self.kibitz("stop", search_id)
            self.assertEqual(stop.returncode, 0, stop.stderr)
            self.assertEqual(analysis.result().stop_reason, "STOPPED")

    def test_3_a_draining_replica_finishes_its_streams_and_takes_no_new_calls(self):
        with self.client() as client:
            analyses = [client.analyze(SEAT_VIEW, time_ms=4000, samples=10_000_000, seed=s)
                        for s in range(6)]
            ids = [next(a).search_id for a in analyses]
            on = {}
            for a, search_id in zip(analyses, ids):
                on.setdefault(replica_of(search_id), []).append(a)
            name = "r2" if "r2" in on else sorted(on)[0]
            os.kill(REPLICAS[name][1], signal.SIGTERM)
            wait_for("the drain", lambda: "draining" in log_of(name))
            # New calls go to the others and are answered.
            rows = reference(30)
            tables = client.tables([r.deal for r in rows], chunk_size=1)
            self.assertEqual([tricks(t) for t in tables], [r.tricks for r in rows])
            # Every stream ends with its final report, the drained replica's too.
            for a in analyses:
                final = a.result()
                self.assertEqual(final.stop_reason, "TIME_LIMIT")
            wait_for("the drained replica to exit", lambda: "kibitzerd: stopped" in log_of(name))
        self.assertNotIn("SolveTables", log_of(name).split("draining")[1])
        del REPLICAS[name]

    def test_4_a_replica_killed_in_a_batch(self):
        # DDS's tables, which one server gives (tests/service and the Python client's test).
        rows = reference(ARGS.batch_deals)
        deals = [r.deal for r in rows]
        expected = [r.tricks for r in rows]
        victim = sorted(REPLICAS)[-1]
        killed = threading.Event()

        def progress(done, total):
            if done >= total // 4 and not killed.is_set():
                killed.set()
                os.kill(REPLICAS[victim][1], signal.SIGKILL)

        with self.client() as client:
            tables = client.tables(deals, chunk_size=20, progress=progress)
        self.assertTrue(killed.is_set())
        self.assertEqual([t.deal for t in tables], deals)  # every deal once, in order
        self.assertEqual([tricks(t) for t in tables], expected)


def main():
    global ARGS, CLUSTER, DIR, ADDRESS
    parser = argparse.ArgumentParser()
    parser.add_argument("--cluster", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--tables", required=True)
    # Deals in the batch a replica is killed in (at most the reference file's 200).
    parser.add_argument("--batch-deals", type=int, default=200)
    ARGS, rest = parser.parse_known_args()
    DIR = tempfile.mkdtemp(prefix="kibitzer-cluster-test.")
    with open(os.path.join(DIR, "tokens"), "w") as f:
        f.write(f"tester {TOKEN}\n")
    make_certificates()
    base = free_port_block(4)
    ADDRESS = f"127.0.0.1:{base + 3}"
    CLUSTER = subprocess.Popen(
        ["bash", ARGS.cluster, "3", f"--port={base + 3}", f"--base-port={base}", f"--dir={DIR}",
         f"--build={ARGS.build}", f"--balancer-cert={DIR}/balancer.pem",
         f"--balancer-key={DIR}/balancer.key", "--threads=1", f"--auth-tokens={DIR}/tokens",
         "--drain-timeout=60s"], stdout=subprocess.PIPE, text=True)
    line = CLUSTER.stdout.readline()
    if not line.startswith("kibitzer cluster:"):
        print("cluster did not start:", line, file=sys.stderr)
        return 1
    with open(os.path.join(DIR, "replicas")) as f:
        for entry in f:
            name, address, pid = entry.split()
            REPLICAS[name] = (address, int(pid))
    try:  # the cluster is stopped however the test ends
        with balanced_client() as client:  # up: every replica answers
            wait_for("the replicas", lambda: all(
                _answers(address) for address, _ in REPLICAS.values()), seconds=30)
            client.info()
        result = unittest.main(argv=[sys.argv[0]] + rest, exit=False, verbosity=2).result
    finally:
        CLUSTER.send_signal(signal.SIGTERM)
        CLUSTER.wait(timeout=60)
    return 0 if result.wasSuccessful() else 1


def _answers(address):
    try:
        with kibitzer.Client(address, token=TOKEN, timeout=2) as c:
            c.info()
        return True
    except kibitzer.KibitzerError:
        return False


if __name__ == "__main__":
    sys.exit(main())

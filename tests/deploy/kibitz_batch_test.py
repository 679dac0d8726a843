#!/usr/bin/python3
"""kibitz table --file spread over several servers: the output in input order and equal to DDS's
tables, a server killed in the middle passed over, an --output file continued where it stopped.

  kibitz_batch_test.py --kibitzerd PATH --kibitz PATH --tables FILE
"""
import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

from server_support import reference_tables, start_kibitzerd

ARGS = None
SERVERS = []  # (process, address)


def start_server():
    return start_kibitzerd(ARGS.kibitzerd, "--threads=1", "--log-requests=false")


class KibitzBatchTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.deals = os.path.join(self.folder.name, "deals.txt")
        self.rows = [r.line for r in reference_tables(ARGS.tables, 120)]
        with open(self.deals, "w") as f:
            f.writelines(self.rows)
        self.expected = "".join(self.rows)

    def tearDown(self):
        self.folder.cleanup()

    def kibitz(self, servers, *extra):
        return subprocess.run([ARGS.kibitz, f"--server={','.join(servers)}", "table",
                               f"--file={self.deals}", *extra],
                              capture_output=True, text=True, timeout=600)

    def test_spread_over_two_servers_in_input_order(self):
        run = self.kibitz([a for _, a in SERVERS[:2]])
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(run.stdout, self.expected)

    def test_an_output_of_another_input_or_settings_is_refused(self):
        with open(self.deals, "w") as f:  # a short batch is enough
            f.writelines(self.rows[:10])
        output = os.path.join(self.folder.name, "out.txt")
        first = self.kibitz([SERVERS[0][1]], f"--output={output}")
        self.assertEqual(first.returncode, 0, first.stderr)
        other = self.kibitz([SERVERS[0][1]], f"--output={output}", "--vul=All")
        self.assertNotEqual(other.returncode, 0)
        self.assertIn("another input or other settings", other.stderr)
        with open(self.deals, "w") as f:  # the input changed under the output
            f.writelines(self.rows[10:0:-1])
        changed = self.kibitz([SERVERS[0][1]], f"--output={output}")
        self.assertNotEqual(changed.returncode, 0)
        with open(output) as f:  # left as it was
            self.assertEqual(f.read(), "".join(self.rows[:10]))

    def test_a_bad_line_is_named_the_same_each_run_or_skipped(self):
        rows = list(self.rows[:52])  # chunks of 50: the bad line is in the first
        rows[37] = "N:AKQ.AKQ.AKQ.AKQJ - - -\n"  # not a deal
        with open(self.deals, "w") as f:
            f.writelines(rows)
        for _ in range(2):
            bad = self.kibitz([a for _, a in SERVERS[:2]])
            self.assertNotEqual(bad.returncode, 0)
            self.assertIn("deal 38", bad.stderr)
            self.assertEqual(bad.stdout, "")  # the bad line is in the first chunk of 50
        skipped = self.kibitz([a for _, a in SERVERS[:2]], "--skip-bad")
        self.assertEqual(skipped.returncode, 0, skipped.stderr)
        lines = skipped.stdout.splitlines(keepends=True)
        self.assertEqual(len(lines), 52)
        self.assertTrue(lines[37].startswith('{"item":38,"error":"'), lines[37])
        self.assertEqual(lines[:37] + lines[38:], rows[:37] + rows[38:])

    def test_a_server_killed_in_the_middle_is_passed_over(self):
        victim, victim_address = start_server()
        output = os.path.join(self.folder.name, "out.txt")
        run = subprocess.Popen([ARGS.kibitz, f"--server={victim_address},{SERVERS[0][1]}", "table",
                                f"--file={self.deals}", f"--output={output}"],
                               stderr=subprocess.PIPE, text=True)
        # Killed once the first results are written.
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and (not os.path.exists(output)
                                               or os.path.getsize(output) == 0):
            time.sleep(0.02)
        victim.send_signal(signal.SIGKILL)
        victim.wait()
        _, stderr = run.communicate(timeout=600)
        self.assertEqual(run.returncode, 0, stderr)
        with open(output) as f:
            self.assertEqual(f.read(), self.expected)

    def test_an_output_file_is_continued_not_redone(self):
        output = os.path.join(self.folder.name, "out.txt")
        # A first run that gets nowhere (no server there) leaves the run's side file.
        first = self.kibitz(["127.0.0.1:1"], f"--output={output}")
        self.assertNotEqual(first.returncode, 0)
        self.assertTrue(os.path.exists(output + ".kibitz"))
        with open(output, "w") as f:  # 70 results and half a line: a run that was cut off
            f.write("".join(self.rows[:70]) + self.rows[70][:25])
        run = self.kibitz([SERVERS[0][1]], f"--output={output}")
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("holds 70 results", run.stderr)
        with open(output) as f:
            self.assertEqual(f.read(), self.expected)
        # Only the other 50 deals were asked for: one request of 50 deals.
        again = self.kibitz([SERVERS[0][1]], f"--output={output}")
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertIn("holds 120 results", again.stderr)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--kibitzerd", required=True)
    parser.add_argument("--kibitz", required=True)
    parser.add_argument("--tables", required=True)
    ARGS, rest = parser.parse_known_args()
    for _ in range(2):
        SERVERS.append(start_server())
    try:
        result = unittest.main(argv=[sys.argv[0]] + rest, exit=False, verbosity=2).result
    finally:
        for process, _ in SERVERS:
            process.terminate()
            process.wait(timeout=30)
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())

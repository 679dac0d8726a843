#!/usr/bin/python3
"""The Python package `kibitzer` against two real kibitzerd servers started on free ports.

Run by CTest with PYTHONPATH set to the build's python/ folder:
  client_test.py --kibitzerd PATH --tables FILE
"""
import argparse
import os
import subprocess
import sys
import tempfile
import threading
import unittest

import kibitzer
from server_support import reference_tables, start_kibitzerd, wait_for

ARGS = None
SERVERS = []  # (process, address, log file)

DEAL = "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984"
RECORD = ("[Deal \"N:Q64.JT98742.7.T6 K2.AK.JT8542.954 T983.5.A93.AJ732 AJ75.Q63.KQ6.KQ8\"]\n"
          "[Declarer \"W\"]\n[Contract \"3NT\"]\n[Play \"N\"]\nH7 HA H5 H3\nD7 DJ DA D6\n")


def start_server():
    log = tempfile.TemporaryFile(mode="w+")
    process, address = start_kibitzerd(ARGS.kibitzerd, "--threads=2", stderr=log)
    return process, address, log


def server_log(index):
    log = SERVERS[index][2]
    log.seek(0)
    return log.read()


def reference(count):
    return reference_tables(ARGS.tables, count)


class ClientTest(unittest.TestCase):
    def setUp(self):
        self.client = kibitzer.Client(SERVERS[0][1], timeout=60)

    def tearDown(self):
        self.client.close()

    def test_info_lists_games_and_limits(self):
        info = self.client.info()
        names = [g["name"] for g in info["games"]]
        self.assertEqual(names, sorted(names))
        for game in ("bigtwo", "bridge", "scrabble", "tarok", "tictactoe"):
            self.assertIn(game, names)
        self.assertGreater(info["limits"]["max_queries"], 0)
        bridge = next(g for g in info["games"] if g["name"] == "bridge")
        self.assertEqual(bridge["seats"], ["N", "E", "S", "W"])

    def test_setup_gives_canonical_position_and_id(self):
        setup = self.client.setup(game="tictactoe", notation="", moves=["b2"])
        self.assertEqual(setup.side_to_move, "o")
        self.assertEqual(len(setup.legal_moves), 8)
        self.assertNotIn("b2", setup.legal_moves)
        self.assertTrue(setup.position_id)
        # The id stands for the position in later calls.
        final = self.client.analyze(setup.position_id).result()
        self.assertEqual(final.stop_reason, "COMPLETED")
        self.assertEqual(len(final.moves), 8)
        # Every value says its unit.
        self.assertEqual((final.unit, final.objective), ("OUTCOME", "outcome"))
        self.assertEqual({m.unit for m in final.moves}, {"OUTCOME"})

    def test_setup_gives_the_card_table_from_the_seats_knowledge(self):
        deal = "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984"
        setup = self.client.setup(game="bridge", notation=deal, moves=["ST"], seat="W",
                                  options={"contract": "3NT", "declarer": "S"})
        hands = {h.seat: h for h in setup.table.hands}
        self.assertEqual(hands["N"].cards[:3], ["SA", "SK", "SQ"])  # dummy, after the lead
        self.assertEqual((hands["E"].known, hands["E"].cards, hands["E"].count), (False, [], 13))
        self.assertEqual(setup.table.table, [("W", ["ST"])])
        self.assertEqual(setup.table.facts["contract"], "3NT by S")
        self.assertEqual(self.client.setup(game="tictactoe").table.hands, [])

    def test_error_carries_its_field(self):
        with self.assertRaises(kibitzer.InvalidArgument) as caught:
            self.client.setup(game="bridge", notation="N:AKQ2.AQ6 garbage")
        self.assertEqual(caught.exception.field, "position.notation")
        self.assertTrue(caught.exception.reason)
        # The field comes from the status details (google.rpc.BadRequest), not the text.
        self.assertEqual(caught.exception.violations,
                         [("position.notation", caught.exception.reason)])
        with self.assertRaises(kibitzer.InvalidArgument) as caught:
            self.client.setup(game="no-such-game")
        self.assertEqual(caught.exception.field, "position.game")
        with self.assertRaises(kibitzer.InvalidArgument) as caught:
            self.client.analyze(kibitzer.Position(game="tictactoe"),
                                options={"no_such_option": "1"}).result()
        self.assertEqual(caught.exception.field, "options[no_such_option]")
        with self.assertRaises(kibitzer.NotFound):
            self.client.analyze("not-a-position-id").result()
        with self.assertRaises(kibitzer.NotFound):
            self.client.stop("not-a-search-id")

    def test_deal_keeps_fixed_cards(self):
        deals = self.client.deal(kibitzer.Position(game="bridge", notation="N:- - J876.KJ852.5.Q76 -"),
                                 fixed=["W:SA"], count=20, seed=7)
        self.assertEqual(len(deals.layouts), 20)
        self.assertFalse(deals.exhaustive)
        for layout in deals.layouts:
            hands = layout.notation[2:].split()
            self.assertEqual(hands[2], "J876.KJ852.5.Q76")
            self.assertTrue(hands[3].startswith("A"), layout.notation)  # West's spades
        again = self.client.deal(kibitzer.Position(game="bridge", notation="N:- - J876.KJ852.5.Q76 -"),
                                 fixed=["W:SA"], count=20, seed=7)
        self.assertEqual(again.layouts, deals.layouts)

    def test_analyze_streams_reports_to_one_final(self):
        position = kibitzer.Position(game="bridge", notation="N:- - J876.KJ852.5.Q76 -",
                                     options={"leader": "S"})
        with self.client.analyze(position, samples=64, seed=3, progress_interval_ms=0) as analysis:
            reports = list(analysis)
        self.assertEqual(reports[0].sequence, 0)
        self.assertTrue(reports[0].search_id)
        self.assertEqual([r.sequence for r in reports], sorted(set(r.sequence for r in reports)))
        self.assertEqual([r.final for r in reports].count(True), 1)
        final = reports[-1]
        self.assertTrue(final.final)
        self.assertEqual(final.stop_reason, "SAMPLE_LIMIT")
        self.assertEqual(final.samples, 64)
        self.assertEqual(len(final.moves), 13)  # South's every card
        for move in final.moves:
            self.assertEqual(move.bound, "ESTIMATE")
            self.assertGreater(move.std_error, 0.0)
            self.assertIn("mean_tricks", move.metrics)

    def test_closing_the_iterator_cancels_the_search(self):
        position = kibitzer.Position(game="bridge", notation="N:- - J876.KJ852.5.Q76 -",
                                     options={"leader": "S"})
        analysis = self.client.analyze(position, samples=10_000_000, time_ms=600_000)
        first = next(analysis)
        analysis.close()
        # The server logs the call when the search has ended, with why it ended.
        wait_for("the search's log line", lambda: f"search={first.search_id} " in server_log(0))
        line = next(l for l in server_log(0).splitlines() if f"search={first.search_id} " in l)
        self.assertIn("stop=STOP_REASON_CANCELLED", line)

    def test_stop_ends_with_a_final_report(self):
        position = kibitzer.Position(game="bridge", notation="N:- - J876.KJ852.5.Q76 -",
                                     options={"leader": "S"})
        with self.client.analyze(position, samples=10_000_000, time_ms=600_000) as analysis:
            self.assertTrue(analysis.stop())
            final = analysis.result()
        self.assertEqual(final.stop_reason, "STOPPED")
        self.assertTrue(final.final)

    def test_review_values_each_move_against_the_best(self):
        # o answers the centre on an edge: a draw given away (outcome 0 -> -1).
        with self.client.review(kibitzer.Position(game="tictactoe", notation="......... x",
                                         moves=["b2", "b1", "a1"]), reviewed_seat="o") as r:
            final = r.result()
        self.assertEqual(final.stop_reason, "COMPLETED")
        self.assertEqual(final.review_total, 1)
        [move] = final.reviews
        self.assertEqual((move.index, move.seat, move.played), (1, "o", "b1"))
        self.assertTrue(move.valued)
        self.assertEqual(move.unit, "OUTCOME")
        self.assertEqual(move.cost, 1.0)
        self.assertEqual(move.grade, "medium")
        self.assertEqual(move.best.value, 0.0)

    def test_best_move(self):
        final = self.client.best_move(kibitzer.Position(game="tictactoe", moves=("a1", "b2", "c3")))
        self.assertEqual(final.stop_reason, "COMPLETED")
        self.assertIn(final.best_move, ("a2", "a3", "b1", "b3", "c1", "c2"))
        self.assertEqual(final.moves[0].bound, "EXACT")
        self.assertEqual(final.moves[0].value, 0)  # a draw with best play

    def test_tables_equal_dds(self):
        rows = reference(12)
        tables = self.client.tables([r[0] for r in rows], chunk_size=5)
        self.assertEqual(len(tables), len(rows))
        for (deal, tricks, par, contracts, _), table in zip(rows, tables):
            self.assertEqual(table.deal, deal)
            got = [table.tricks[s][d] for s in ("S", "H", "D", "C", "NT") for d in "NESW"]
            self.assertEqual(got, tricks)
            self.assertEqual(table.par_score, par)
            self.assertEqual(table.par_contracts, contracts)

    def test_solve_and_analyze_play(self):
        boards = self.client.solve([DEAL, kibitzer.Position(game="bridge", notation=DEAL,
                                                            moves=("H4",), options={"leader": "E"})])
        self.assertEqual(len(boards), 2)
        self.assertEqual(len(boards[0]), 13)
        values = list(boards[0].values())
        self.assertEqual(values, sorted(values, reverse=True))
        play = self.client.analyze_play(RECORD)
        self.assertEqual((play.contract, play.declarer, play.start_tricks), ("3NT", "W", 11))
        # In playing order (the Play section lists each trick by seat, from the Play tag's seat).
        self.assertEqual(sorted(c.card for c in play.cards), sorted("H7 HA H5 H3 D7 DJ DA D6".split()))
        self.assertEqual([c.card for c in play.cards[:4]], "H7 HA H5 H3".split())
        before = play.start_tricks
        for card in play.cards:
            self.assertEqual(card.tricks_before, before)
            self.assertGreaterEqual(card.cost, 0)
            before = card.tricks_after
        self.assertIsNone(play.claim_tricks)
        # West claims the rest after two tricks (PBN: Result with the play stopped early).
        claimed = self.client.analyze_play(RECORD.replace("[Play", "[Result \"10\"]\n[Play"))
        self.assertEqual(claimed.claim_tricks, 10)
        self.assertEqual(claimed.claim_double_dummy, claimed.cards[-1].tricks_after)


class ExamplesTest(unittest.TestCase):
    """Each game's example in clients/python/examples runs against a real server."""

    def run_example(self, name, *args):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clients",
                              "python", "examples", name)
        done = subprocess.run([sys.executable, script, "--server", SERVERS[0][1], *args],
                              capture_output=True, text=True, timeout=120,
                              env=dict(os.environ))
        self.assertEqual(done.returncode, 0, done.stderr)
        return done.stdout

    def test_scrabble_review(self):
        with tempfile.NamedTemporaryFile("w", suffix=".gcg") as gcg:
            gcg.write("#player1 a A\n#player2 b B\n>a: AEINRST 8D RETAINS +66 66\n")
            gcg.flush()
            out = self.run_example("scrabble_review.py", gcg.name, "--algorithm", "static")
        self.assertRegex(out, r"1 1 8D RETAINS +(best|small|medium|large)")

    def test_tarok_card(self):
        out = self.run_example("tarok_card.py", "--samples", "4")
        self.assertIn("legal:", out)
        self.assertRegex(out, r"talon:\d")

    def test_bigtwo_play(self):
        out = self.run_example("bigtwo_play.py", "--samples", "4")
        self.assertIn("pass", out)

    def test_tictactoe_selfplay(self):
        out = self.run_example("tictactoe_selfplay.py")
        self.assertIn("draw", out)
        self.assertRegex(out, r"review: (best ){8}best")


class SpreadTest(unittest.TestCase):
    def test_a_batch_over_two_servers(self):
        rows = reference(40)
        deals = [r[0] for r in rows]
        seen = []
        with kibitzer.Client([SERVERS[0][1], SERVERS[1][1]]) as client:
            tables = client.tables(deals, chunk_size=4, progress=lambda d, t: seen.append((d, t)))
        self.assertEqual([t.deal for t in tables], deals)  # input order
        for (deal, tricks, par, _, _), table in zip(rows, tables):
            self.assertEqual([table.tricks[s][d] for s in ("S", "H", "D", "C", "NT") for d in "NESW"], tricks)
        self.assertEqual(seen[-1], (40, 40))
        self.assertEqual([d for d, _ in seen], sorted(d for d, _ in seen))
        # Both servers answered part of it.
        for index in (0, 1):
            self.assertIn("SolveTables", server_log(index))

    def test_a_dead_server_is_passed_over(self):
        rows = reference(10)
        dead = "127.0.0.1:1"  # nothing listens there
        with kibitzer.Client([dead, SERVERS[1][1]]) as client:
            tables = client.tables([r[0] for r in rows], chunk_size=2)
        self.assertEqual([[t.tricks[s][d] for s in ("S", "H", "D", "C", "NT") for d in "NESW"] for t in tables],
                         [r[1] for r in rows])

    def test_tables_resume_from_their_output_and_refuse_another_input(self):
        rows = reference(6)
        deals = [r[0] for r in rows]
        want = [r[1] for r in rows]
        flat = lambda ts: [[t.tricks[s][d] for s in ("S", "H", "D", "C", "NT") for d in "NESW"]
                           for t in ts]
        with tempfile.TemporaryDirectory() as d, kibitzer.Client(SERVERS[0][1]) as client:
            out = d + "/tables.jsonl"
            # A run cut short after three tables, its fourth line half written.
            for i, _ in enumerate(client.iter_tables(deals, output=out, chunk_size=1)):
                if i == 2:
                    break
            with open(out, "a") as f:
                f.write('{"deal": "N:')
            sent = []
            counting = lambda done, total: sent.append(done)
            tables = client.tables(deals, output=out, chunk_size=1, progress=counting)
            self.assertEqual(flat(tables), want)
            self.assertEqual(len(sent), 3)  # only the three not yet done were sent
            with open(out) as f:
                self.assertEqual(len(f.read().splitlines()), 6)
            # Another input, or other settings, may not continue it.
            for other in (dict(deals=deals[::-1]), dict(deals=deals, dealer="E")):
                with self.assertRaisesRegex(ValueError, "another input or other settings"):
                    client.tables(output=out, **other)

    def test_a_held_position_goes_to_its_server(self):
        with kibitzer.Client([SERVERS[0][1], SERVERS[1][1]]) as client:
            ids = [client.setup(game="tictactoe", moves=[m]).position_id for m in ("a1", "b2")]
            for position_id in ids:  # each held by one server only
                self.assertEqual(len(client.deal(position_id).layouts), 1)


class SpreadSchedulingTest(unittest.TestCase):
    """_spread against a fake send: no server needed, no real waiting."""

    def test_busy_refusals_wait_without_using_tries(self):
        refused = {}
        lock = threading.Lock()

        def send(server, chunk):
            with lock:
                refused[chunk[0]] = refused.get(chunk[0], 0) + 1
                if refused[chunk[0]] <= 6:  # more than the four tries a chunk has
                    raise kibitzer.errors.ResourceExhausted(None, "busy", server.address)
            return chunk

        waits = []
        with kibitzer.Client("127.0.0.1:1") as client:
            out = list(client._spread(list(range(20)), 2, send, None, sleep=waits.append))
        self.assertEqual(out, list(range(20)))
        self.assertEqual(sorted(set(waits)), [0.1, 0.2, 0.4, 0.8, 1.6, 3.2])

    def test_results_stream_in_input_order_before_the_batch_ends(self):
        first_seen = threading.Event()

        def send(server, chunk):
            if chunk[0] == 18:  # the last chunk waits until the first results reached the caller
                self.assertTrue(first_seen.wait(timeout=30))
            return chunk

        with kibitzer.Client("127.0.0.1:1") as client:
            out = []
            for item in client._spread(list(range(20)), 2, send, None):
                out.append(item)
                first_seen.set()
        self.assertEqual(out, list(range(20)))

    def test_in_flight_chunks_on_one_address(self):
        running, most = [0], [0]
        cv = threading.Condition()

        def send(server, chunk):
            with cv:
                running[0] += 1
                most[0] = max(most[0], running[0])
                cv.notify_all()
                cv.wait_for(lambda: most[0] >= 6, timeout=10)
                running[0] -= 1
            return chunk

        with kibitzer.Client("127.0.0.1:1", in_flight=6) as client:
            out = list(client._spread(list(range(40)), 2, send, None))
        self.assertEqual(out, list(range(40)))
        self.assertEqual(most[0], 6)

    def test_the_work_after_a_chunk_the_servers_failed_is_kept(self):
        def failing(server, chunk):
            if chunk[0] == 4:
                raise kibitzer.errors.Unavailable(None, "down", server.address)
            return chunk

        kept = {}
        out = []
        with kibitzer.Client("127.0.0.1:1") as client:
            with self.assertRaises(kibitzer.errors.Unavailable):
                for item in client._spread(list(range(10)), 2, failing, None, kept=kept):
                    out.append(item)
        self.assertEqual(out, [0, 1, 2, 3])
        self.assertEqual(kept, {6: 6, 7: 7, 8: 8, 9: 9})

    def test_a_resumed_output_sends_only_what_a_failed_run_did_not_finish(self):
        from kibitzer import client as kc
        items = list(range(10))
        signature = kc._signature("test", [str(i) for i in items])
        sent = []

        def failing(server, chunk):
            if chunk[0] == 4:
                raise kibitzer.errors.Unavailable(None, "down", server.address)
            return chunk

        def ok(server, chunk):
            sent.append(chunk[0])
            return chunk

        with tempfile.TemporaryDirectory() as d, kibitzer.Client("127.0.0.1:1") as client:
            def run_with(send):
                return lambda start, kept: client._spread(items[start:], 2, send, None, kept=kept)
            out = os.path.join(d, "out.jsonl")
            got = []
            with self.assertRaises(kibitzer.errors.Unavailable):
                for result in kc._resumed(out, signature, 10, int, run_with(failing)):
                    got.append(result)
            self.assertEqual(got, [0, 1, 2, 3])
            self.assertTrue(os.path.exists(out + ".kibitz-kept"))
            self.assertEqual(list(kc._resumed(out, signature, 10, int, run_with(ok))), items)
            self.assertEqual(sent, [4])  # the failed chunk alone; 6..9 were kept
            self.assertFalse(os.path.exists(out + ".kibitz-kept"))


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--kibitzerd", required=True)
    parser.add_argument("--tables", required=True)
    ARGS, rest = parser.parse_known_args()
    for _ in range(2):
        SERVERS.append(start_server())
    try:
        result = unittest.main(argv=[sys.argv[0]] + rest, exit=False, verbosity=2).result
    finally:
        for process, _, _ in SERVERS:
            process.terminate()
            process.wait(timeout=30)
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())

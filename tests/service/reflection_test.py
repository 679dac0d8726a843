#!/usr/bin/python3
"""A client in another language that knows nothing of kibitzer but the server's address.

It lists the services through gRPC server reflection, fetches kibitzer's schema the same way,
builds the message classes from it, streams an analysis, checks the standard health service, and
compares the kibitz CLI in-process with the same CLI against the server. Uses Debian's
python3-grpcio and python3-protobuf only.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import unittest

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool, json_format, message_factory

ARGS = None
SERVER = None
ADDRESS = None
LOG = None


def build_messages(package, messages, enums=()):
    """Message classes from a small schema given as {name: [(field, number, type, type_name)]}."""
    fdp = descriptor_pb2.FileDescriptorProto(name=package.replace(".", "/") + "_client.proto",
                                             package=package, syntax="proto3")
    for enum_name, values in enums:
        e = fdp.enum_type.add(name=enum_name)
        for value_name, number in values:
            e.value.add(name=value_name, number=number)
    for msg_name, fields in messages.items():
        m = fdp.message_type.add(name=msg_name)
        oneof_index = None
        for field_name, number, ftype, type_name, *rest in fields:
            f = m.field.add(name=field_name, number=number, type=ftype,
                            label=(descriptor_pb2.FieldDescriptorProto.LABEL_REPEATED
                                   if rest and rest[0] == "repeated" else
                                   descriptor_pb2.FieldDescriptorProto.LABEL_OPTIONAL))
            if type_name:
                f.type_name = type_name
            if rest and rest[0] == "oneof":
                if oneof_index is None:
                    m.oneof_decl.add(name="message")
                    oneof_index = 0
                f.oneof_index = oneof_index
    pool = descriptor_pool.DescriptorPool()
    pool.Add(fdp)
    factory = message_factory.MessageFactory(pool)
    return {name: factory.GetPrototype(pool.FindMessageTypeByName(f"{package}.{name}"))
            for name in messages}


T = descriptor_pb2.FieldDescriptorProto
# The public schema of grpc.reflection.v1alpha, as far as this client needs it.
REFLECTION = build_messages("grpc.reflection.v1alpha", {
    "ServerReflectionRequest": [
        ("host", 1, T.TYPE_STRING, None),
        ("file_containing_symbol", 4, T.TYPE_STRING, None, "oneof"),
        ("list_services", 7, T.TYPE_STRING, None, "oneof"),
    ],
    "FileDescriptorResponse": [("file_descriptor_proto", 1, T.TYPE_BYTES, None, "repeated")],
    "ServiceResponse": [("name", 1, T.TYPE_STRING, None)],
    "ListServiceResponse": [
        ("service", 1, T.TYPE_MESSAGE, ".grpc.reflection.v1alpha.ServiceResponse", "repeated")],
    "ErrorResponse": [("error_code", 1, T.TYPE_INT32, None),
                      ("error_message", 2, T.TYPE_STRING, None)],
    "ServerReflectionResponse": [
        ("valid_host", 1, T.TYPE_STRING, None),
        ("file_descriptor_response", 4, T.TYPE_MESSAGE,
         ".grpc.reflection.v1alpha.FileDescriptorResponse", "oneof"),
        ("list_services_response", 6, T.TYPE_MESSAGE,
         ".grpc.reflection.v1alpha.ListServiceResponse", "oneof"),
        ("error_response", 7, T.TYPE_MESSAGE, ".grpc.reflection.v1alpha.ErrorResponse", "oneof"),
    ],
})
HEALTH = build_messages("grpc.health.v1", {
    "HealthCheckRequest": [("service", 1, T.TYPE_STRING, None)],
    "HealthCheckResponse": [("status", 1, T.TYPE_INT32, None)],  # 1 = SERVING
})


def reflect(channel, **request):
    call = channel.stream_stream(
        "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
        request_serializer=lambda m: m.SerializeToString(),
        response_deserializer=REFLECTION["ServerReflectionResponse"].FromString)
    responses = list(call(iter([REFLECTION["ServerReflectionRequest"](**request)]), timeout=10))
    assert len(responses) == 1, responses
    return responses[0]


def kibitz(*args, server=None):
    cmd = [ARGS.kibitz] + ([f"--server={server}"] if server else []) + list(args)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def comparable(report_json):
    """A final report without what differs between runs: the id and the clock."""
    report = json.loads(report_json)
    for key in ("search_id", "elapsed_ms", "nodes_per_second", "sequence"):
        report.pop(key, None)
    return report


class ReflectionClient(unittest.TestCase):
    def setUp(self):
        self.channel = grpc.insecure_channel(ADDRESS)

    def tearDown(self):
        self.channel.close()

    def test_lists_services_by_reflection(self):
        response = reflect(self.channel, list_services="*")
        names = {s.name for s in response.list_services_response.service}
        self.assertIn("kibitzer.v1.Kibitzer", names)
        self.assertIn("grpc.health.v1.Health", names)

    def test_health_service_says_serving(self):
        check = self.channel.unary_unary(
            "/grpc.health.v1.Health/Check",
            request_serializer=lambda m: m.SerializeToString(),
            response_deserializer=HEALTH["HealthCheckResponse"].FromString)
        self.assertEqual(check(HEALTH["HealthCheckRequest"](service=""), timeout=10).status, 1)

    def test_streams_an_analysis_from_the_reflected_schema(self):
        response = reflect(self.channel, file_containing_symbol="kibitzer.v1.Kibitzer")
        pool = descriptor_pool.DescriptorPool()
        for raw in response.file_descriptor_response.file_descriptor_proto:
            pool.Add(descriptor_pb2.FileDescriptorProto.FromString(raw))
        service = pool.FindServiceByName("kibitzer.v1.Kibitzer")
        method = service.methods_by_name["Analyze"]
        factory = message_factory.MessageFactory(pool)
        request_class = factory.GetPrototype(method.input_type)
        report_class = factory.GetPrototype(method.output_type)
        request = json_format.ParseDict(
            {"position": {"position": {"game": "tictactoe", "notation": ""}},
             "progress_interval_ms": 0}, request_class())
        analyze = self.channel.unary_stream("/kibitzer.v1.Kibitzer/Analyze",
                                            request_serializer=lambda m: m.SerializeToString(),
                                            response_deserializer=report_class.FromString)
        reports = list(analyze(request, timeout=60))
        self.assertGreaterEqual(len(reports), 3)
        sequences = [r.sequence for r in reports]
        self.assertEqual(sequences, sorted(set(sequences)))
        self.assertEqual([r.final for r in reports].count(True), 1)
        final = reports[-1]
        self.assertTrue(final.final)
        self.assertEqual(len(final.moves), 9)
        self.assertTrue(all(m.value == 0 and m.display == "draw" for m in final.moves))

    def test_bad_input_names_the_field(self):
        response = reflect(self.channel, file_containing_symbol="kibitzer.v1.Kibitzer")
        pool = descriptor_pool.DescriptorPool()
        for raw in response.file_descriptor_response.file_descriptor_proto:
            pool.Add(descriptor_pb2.FileDescriptorProto.FromString(raw))
        method = pool.FindServiceByName("kibitzer.v1.Kibitzer").methods_by_name["SetupPosition"]
        factory = message_factory.MessageFactory(pool)
        request = json_format.ParseDict({"position": {"game": "tictactoe", "notation": "x?"}},
                                        factory.GetPrototype(method.input_type)())
        setup = self.channel.unary_unary(
            "/kibitzer.v1.Kibitzer/SetupPosition",
            request_serializer=lambda m: m.SerializeToString(),
            response_deserializer=factory.GetPrototype(method.output_type).FromString)
        with self.assertRaises(grpc.RpcError) as caught:
            setup(request, timeout=10)
        self.assertEqual(caught.exception.code(), grpc.StatusCode.INVALID_ARGUMENT)
        self.assertIn("position.notation", caught.exception.details())


class KibitzCli(unittest.TestCase):
    def test_in_process_and_server_give_the_same_answers(self):
        for command in (["--json", "bestmove", "xx..o.... o"],
                        ["--json", "analyze", "--variant=4x4", "--depth=4", "x...............  o"]):
            local = kibitz(*command)
            remote = kibitz(*command, server=ADDRESS)
            self.assertEqual(local.returncode, 0, local.stderr)
            self.assertEqual(remote.returncode, 0, remote.stderr)
            local_final = comparable(local.stdout.strip().splitlines()[-1])
            remote_final = comparable(remote.stdout.strip().splitlines()[-1])
            self.assertTrue(local_final["final"])
            self.assertEqual(local_final, remote_final)

    def test_human_output_and_setup(self):
        out = kibitz("setup", "--moves=b2,a1", "", server=ADDRESS)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("o...x.... x", out.stdout)
        self.assertIn("legal moves: b1 c1 a2 c2 a3 b3 c3", out.stdout)
        bench = kibitz("bench")
        self.assertRegex(bench.stdout, r"Nodes searched: \d+")

    def test_a_position_may_begin_with_a_hidden_hand(self):
        # '-' for a hand not known begins the tarok position: a word, not a flag, wherever the
        # flags stand and whether their values follow '=' or come as the next word.
        hand = "XVIII,XVII,XVI,XV,X,IX,VI,I,4H,JD,1D,2D,10S,9S,KC,9C"
        for args in (["setup", "--game=tarok", "--seat=3", "--moves=pass", f"- - {hand} -"],
                     ["setup", f"- - {hand} -", "--game", "tarok", "--seat", "3", "--moves",
                      "pass"],
                     ["setup", "--game=tarok", "--seat=3", "--moves=pass", "-", "-", hand, "-"]):
            out = kibitz(*args)
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertIn(f"- - {hand} -", out.stdout)
            self.assertIn("then: pass", out.stdout)
        out = kibitz("setup", "--game=tarok", "--seat")
        self.assertEqual(out.returncode, 1)
        self.assertIn("Missing the value for the flag 'seat'", out.stderr)

    def test_cards_fixed_to_a_seat_may_be_a_list(self):
        # --fix=W:DK,CA,E:ST: the flag's commas split both the cards and the seats.
        out = kibitz("deal", "--game=bridge", "--seat=S", "--count=5", "--fix=W:DK,CA,E:ST",
                     "N:AKQ2.AQ6.J64.J53 - J876.KJ852.5.Q76 -")
        self.assertEqual(out.returncode, 0, out.stderr)
        layouts = [line.split()[1:] for line in out.stdout.splitlines() if ": N:" in line]
        self.assertEqual(len(layouts), 5)
        for hands in layouts:
            east = hands[1].split(".")
            west = hands[3].split(".")
            self.assertIn("K", west[2])
            self.assertIn("A", west[3])
            self.assertIn("T", east[0])
        # Analyze and bestmove take them too, locally and through the server alike; a card the
        # view puts elsewhere is refused naming the field.
        deal = "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984"
        def final_moves(out):
            return json.loads(out.stdout.strip().splitlines()[-1])["moves"]

        for command in ("analyze", "bestmove"):
            args = ("--json", command, "--game=bridge", "--seat=W", "--samples=10",
                    "--position-option=contract=4H,declarer=S", "--fix=E:DA,S:CQ", deal)
            local = kibitz(*args)
            remote = kibitz(*args, server=ADDRESS)
            self.assertEqual(local.returncode, 0, local.stderr)
            self.assertEqual(remote.returncode, 0, remote.stderr)
            self.assertEqual(final_moves(local), final_moves(remote))
            loose = kibitz(*[a for a in args if not a.startswith("--fix")])
            self.assertEqual(loose.returncode, 0, loose.stderr)
            self.assertNotEqual(final_moves(local), final_moves(loose))
        out = kibitz("analyze", "--game=bridge", "--seat=W", "--fix=W:SA",
                     "--position-option=contract=4H,declarer=S", deal, server=ADDRESS)
        self.assertEqual(out.returncode, 2)
        self.assertIn("fixed[0]", out.stderr)

    def test_a_pbn_file_of_several_games(self):
        # Game 2 takes its deal from game 1 ("#"); game 3 has a hand not known, so it has no
        # double-dummy results: play reports it and goes on, pbn copies it as it is.
        deal = "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984"
        game2 = ('[Deal "#"]\n[Declarer "N"]\n[Contract "4SX"]\n[Play "E"]\n'
                 "DA D5 D7 D4\nS3 S6 ST SA\n")
        text = (f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
                '[Declarer "S"]\n[Contract "3NT"]\n[Play "W"]\nCT C5 CK C7\nDK DJ DT D5\n\n'
                f'[Board "2"]\n{game2}\n'
                '[Board "3"]\n[Deal "N:AKQ2.AQ6.J64.J53 - - -"]\n')
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "games.pbn")
            with open(path, "w") as f:
                f.write(text)
            out = kibitz("play", f"--file={path}", server=ADDRESS)
            self.assertEqual(out.returncode, 2, out.stderr)
            games = out.stdout.split("\n\ngame ")
            self.assertEqual(len(games), 3, out.stdout)
            self.assertIn("game 1 (board 1)\n3NT by S:", games[0])
            self.assertIn("trick  2  W DK", games[0])
            self.assertTrue(games[1].startswith("2 (board 2)\n4SX by N:"), games[1])
            self.assertEqual(games[2].strip(), "3 (board 3)")
            self.assertIn("game 3: record: Deal: play analysis needs all four hands", out.stderr)
            # Game 2 on its own, its inherited tags written out, gives the same analysis.
            alone = kibitz("play", f'[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n' +
                           game2.replace('[Deal "#"]\n', ""))
            self.assertEqual(alone.returncode, 0, alone.stderr)
            self.assertEqual(games[1].split("\n", 1)[1].strip(), alone.stdout.strip())

            out = kibitz("pbn", f"--file={path}")
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertEqual(out.stdout.count("[OptimumScore"), 2)
            self.assertIn('[Board "3"]\n[Deal "N:AKQ2.AQ6.J64.J53 - - -"]\n', out.stdout)
            self.assertIn("game 3: Deal: a hand is not known; copied without results", out.stderr)

    def test_a_run_may_name_its_client(self):
        named = kibitz("--client=tutor-7", "setup", "", server=ADDRESS)
        self.assertEqual(named.returncode, 0, named.stderr)
        self.assertIn("legal moves:", named.stdout)
        too_long = kibitz("--client=" + "x" * 200, "setup", "", server=ADDRESS)
        self.assertEqual(too_long.returncode, 2)
        self.assertIn("metadata kibitzer-client", too_long.stderr)
        in_process = kibitz("--client=tutor-7", "setup", "")
        self.assertEqual(in_process.returncode, 2)
        self.assertIn("--client", in_process.stderr)

    def test_bad_input_exits_non_zero_with_the_field(self):
        for server in (None, ADDRESS):
            out = kibitz("analyze", "xx?", server=server)
            self.assertEqual(out.returncode, 2)
            self.assertIn("position.position.notation", out.stderr)
            out = kibitz("analyze", "--depth=-3", "", server=server)
            self.assertEqual(out.returncode, 2)
            self.assertIn("limits.depth", out.stderr)
        self.assertEqual(kibitz("frobnicate").returncode, 2)


def main():
    global ARGS, SERVER, ADDRESS, LOG
    parser = argparse.ArgumentParser()
    parser.add_argument("--kibitzerd", required=True)
    parser.add_argument("--kibitz", required=True)
    ARGS, rest = parser.parse_known_args()
    LOG = tempfile.TemporaryFile(mode="w+")
    SERVER = subprocess.Popen([ARGS.kibitzerd, "--listen=127.0.0.1:0"], stdout=subprocess.PIPE,
                              stderr=LOG, text=True)
    line = SERVER.stdout.readline()
    prefix = "kibitzerd listening on "
    if not line.startswith(prefix):
        print("kibitzerd did not start:", line, file=sys.stderr)
        SERVER.kill()
        return 1
    ADDRESS = line[len(prefix):].strip()
    try:
        result = unittest.main(argv=[sys.argv[0]] + rest, exit=False, verbosity=2).result
    finally:
        SERVER.terminate()
        code = SERVER.wait(timeout=30)
    LOG.seek(0)
    log = LOG.read()
    ok = result.wasSuccessful()
    # The server logs one line per request and stops cleanly.
    if code != 0 or log.count(" Analyze peer=") < 1 or " SetupPosition peer=" not in log:
        print("server exit code", code, "log:\n" + log, file=sys.stderr)
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

// kibitz: the command-line client of kibitzer, for people and scripts.
//
//   kibitz [--server=host:port] [--json] COMMAND [flags] [POSITION]
//
// Commands: info, setup, analyze, bestmove, deal, bench. POSITION is the position in the game's
// notation (the words after the command are joined with spaces). Without --server the engine runs
// in this process, with the same results.
#include <csignal>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"
#include "clients/cli/arguments.h"
#include "clients/cli/commands.h"
#include "clients/cli/lab/lab.h"
#include "clients/cli/siu/siu_command.h"
#include "service/flag_names.h"

ABSL_FLAG(std::string, server, "",
          "Address of a kibitzerd (host:port), several comma-separated, or dns:///NAME:PORT (every "
          "address the name has, round robin); empty: run in-process. Batches (table --file, "
          "solve --file) go to every server at once; other calls to the first.");
ABSL_FLAG(std::string, output, "",
          "table --file, solve --file: write the results to this file; one that already holds "
          "results is continued, not redone.");
ABSL_FLAG(bool, json, false, "Print one JSON object per line.");
ABSL_FLAG(absl::Duration, deadline, absl::ZeroDuration(),
          "Deadline for each call to the server (0: none, except a batch's (--file) chunks, "
          "which get 10m: a stuck server's chunk then goes to another).");
ABSL_FLAG(bool, skip_bad, false,
          "Batches (--file): a bad input line's output is a JSON error line ({\"item\":N,"
          "\"error\":...}) and the batch goes on; without it the first bad line in input order "
          "ends the batch, naming that line.");
ABSL_FLAG(int, in_flight, 0,
          "Batches (--file): chunks in flight at once on each --server address; 0: two for each "
          "address its name resolves to. Behind a balancer (nginx, an Ingress) give about two "
          "per replica.");
ABSL_FLAG(std::string, client, "",
          "With --server: the client name the server's per-client limits and turns count this "
          "run's calls against (metadata kibitzer-client); empty: this run's connection.");
ABSL_FLAG(std::string, tls_ca, "",
          "With --server: reach it over TLS, checking its certificate against this CA (PEM).");
ABSL_FLAG(std::string, tls_cert, "", "With --server: a client certificate for mutual TLS (PEM).");
ABSL_FLAG(std::string, tls_key, "", "With --server: the client certificate's key (PEM).");
ABSL_FLAG(std::string, tls_server_name, "",
          "With --tls-ca: the name the server's certificate must hold (default: the host).");
ABSL_FLAG(std::string, token_file, "",
          "With --server: a file whose first line is a bearer token sent with every call.");
ABSL_FLAG(std::string, game, "tictactoe", "Game.");
ABSL_FLAG(std::string, variant, "", "Rule variant (empty: the game's default).");
ABSL_FLAG(std::vector<std::string>, moves, {}, "Moves played from the position, comma-separated.");
ABSL_FLAG(std::string, seat, "", "Seat whose knowledge the position is.");
ABSL_FLAG(std::string, reviewed_seat, "",
          "review: whose moves (empty: every seat's, or --seat's with --seat).");
ABSL_FLAG(int, from_move, 0,
          "review: the first move reviewed, by its index in the game (the moves before are only "
          "played); 0: the whole game.");
ABSL_FLAG(std::string, position_id, "", "A position held by the server, instead of POSITION.");
ABSL_FLAG(std::vector<std::string>, position_option, {}, "Position options, key=value,...");
ABSL_FLAG(int64_t, time, 0, "Search time limit in milliseconds (0: none).");
ABSL_FLAG(int64_t, nodes, 0, "Search node limit (0: none).");
ABSL_FLAG(int, depth, 0, "Search depth limit in plies (0: none).");
ABSL_FLAG(int64_t, samples, 0, "Sampled layouts limit (0: none).");
ABSL_FLAG(std::vector<std::string>, candidates, {}, "Only these moves, comma-separated.");
ABSL_FLAG(int, interval, 250, "Milliseconds between progress reports (0: every update).");
ABSL_FLAG(int, priority, 0, "Search priority, -10..10.");
ABSL_FLAG(uint64_t, seed, 0, "Seed for sampling.");
ABSL_FLAG(int, threads, 0, "Threads for the search (0: one); in-process, also the worker count.");
ABSL_FLAG(int, hash_mb, 0, "Transposition table MiB (0: the game's default).");
ABSL_FLAG(std::vector<std::string>, option, {}, "Search options, key=value,...");
ABSL_FLAG(int, count, 1, "Layouts to deal.");
ABSL_FLAG(std::vector<std::string>, fix, {},
          "Deal, analyze, bestmove: cards fixed to seats in the sampled layouts, SEAT:CARDS "
          "(W:SK,HA,E:CQ).");
ABSL_FLAG(std::string, constraints, "",
          "Deal, analyze, bestmove: constraints on the hidden hands in the game's language "
          "(bridge: a dealer script).");
ABSL_FLAG(std::string, constraints_file, "", "Read --constraints from this file.");
ABSL_FLAG(std::string, position_file, "",
          "Read POSITION from this file (e.g. a PBN game whose Deal has '-' for unknown hands).");
ABSL_FLAG(std::string, file, "", "Bridge: a file of deals, positions or PBN games.");
ABSL_FLAG(bool, link, false,
          "Bridge (setup, deal, table): print each deal's Bridge Base Online hand-viewer URL too.");
ABSL_FLAG(std::string, lexicon_dir, "",
          "Scrabble: the directory of lexica (NAME.kwg) for runs in this process, and where "
          "'lexicon build' writes; empty: the build's own.");
ABSL_FLAG(std::string, name, "", "lexicon build: the lexicon's name (letters, digits, _ and -).");
ABSL_FLAG(std::string, dealer, "",
          "Bridge par: the dealer (N, E, S, W); default the record's, else N.");
ABSL_FLAG(std::string, players, "baseline,baseline,baseline,baseline",
          "Match: one player per seat, comma-separated (baseline, random, maxn[:depth], "
          "paranoid[:depth], mc[:samples[:depth[:maxn|paranoid]]], race[:...] as mc, racing).");
ABSL_FLAG(int, deals, 100, "Match: seeded deals to play.");
ABSL_FLAG(int, first_deal, 0,
          "Match: the number of the first deal played (deal d is stream d of the seed), so that "
          "a stopped run can be finished: --first-deal=400 --deals=100 plays deals 400..499.");
ABSL_FLAG(int, report_every, 0,
          "Match: also print the table of the first N, 2N, ... deals as soon as they are all "
          "played (0: only at the end).");
ABSL_FLAG(bool, rotate, true, "Match: play each deal once per rotation of the seats.");
ABSL_FLAG(std::string, records, "",
          "Match: write each game played to this file, a JSON line a game in game order: the "
          "deal (notation, variant, options), the player in each seat, every move, the scores, "
          "and for Scrabble the game's GCG record.");
ABSL_FLAG(int, games, 40000, "scrabble-leaves: self-play games a generation.");
ABSL_FLAG(int, generations, 3, "scrabble-leaves: generations, each valuing leaves by the last.");
ABSL_FLAG(int, min_count, 50,
          "scrabble-leaves: how often a leave must be kept to get its own value (else the pair "
          "model's).");
ABSL_FLAG(std::string, vul, "",
          "Bridge par: vulnerability (None, NS, EW, All); default the record's.");

namespace {

std::atomic<bool> g_interrupted{false};

void OnSigint(int) { g_interrupted = true; }

constexpr char kUsage[] =
    "kibitzer command-line client.\n"
    "Usage: kibitz [--server=host:port] [--json] COMMAND [flags] [POSITION]\n"
    "Commands:\n"
    "  info      engine, games, options and limits\n"
    "  health    the server's gRPC health: SERVING (exit 0) or NOT_SERVING (exit 1)\n"
    "  setup     check a position: canonical form, side to move, legal moves\n"
    "  analyze   score every legal move, with live progress\n"
    "  bestmove  the move to play under the limits\n"
    "  stop      stop a running search: kibitz --server=... stop SEARCH_ID (its stream then ends\n"
    "            with its final report)\n"
    "  deal      layouts of the hidden cards (what-if and sampling)\n"
    "  bench     fixed searches; prints 'Nodes searched: N'\n"
    "  review    a played game, each move against the best there: kibitz review FILE (a GCG,\n"
    "            PBN or LIN record; the extension says the game) or a position with --moves;\n"
    "            --seat=S: S's moves from S's view; --reviewed-seat=S: S's moves, full layout;\n"
    "            --from-move=N: from move N on (the moves before only played);\n"
    "            limits (--time, --nodes, --samples) are each move's\n"
    "Bridge:\n"
    "  table     double-dummy table and par of a deal; --file: one deal per line (first field),\n"
    "            printed as lines of deal, 20 tricks, par score, par contracts; spread over\n"
    "            every --server; --output=FILE: written there, continued if it holds results\n"
    "  solve     --file: positions in dd_solveboard's layout; prints each with card:value\n"
    "  play      double-dummy analysis of a played deal (PBN game or LIN; --file: each game)\n"
    "  pbn       --file: a PBN file with OptimumScore and OptimumResultTable added\n"
    "Scrabble:\n"
    "  lexicon build WORDS.txt --name=NAME [--lexicon-dir=DIR]: a word list (one word a line,\n"
    "            2..15 letters A..Z) as the lexicon NAME, loaded by name (CGP 'lex NAME;')\n"
    "  siu       the SIU engine protocol on stdin/stdout, for crossword front ends\n"
    "            (docs/siu.md); with --server, its searches run on that kibitzerd\n"
    "  scrabble-leaves --games=N --generations=G --seed=S [--position-option=lexicon=NAME]\n"
    "            [--output=FILE]: leave values learned by self-play, written to the lexicon\n"
    "            directory's NAME.leaves (loaded with the lexicon) or FILE\n"
    "Every game:\n"
    "  match     --game=G --players=A,B[,C[,D]] --deals=N --seed=S: whole games on seeded\n"
    "            deals, seats rotated; wins, points and 95% intervals per player (in this\n"
    "            process); --report-every=N prints the table of the first N, 2N, ... deals as\n"
    "            they finish, so a stopped run still reports; --first-deal=K starts at deal K,\n"
    "            so the rest of a stopped run can be played. The players (see below).\n"
    "Examples: kibitz analyze --game=tictactoe 'x...o.... x'\n"
    "  kibitz analyze --game=bridge --seat=W --position-option=contract=4H,declarer=S "
    "\\\n"
    "      --samples=200 --constraints='hcp(south) >= 12' 'N:... ... ... ...'\n"
    "Flags may be written with dashes or underscores.";

// The usage text, with each game's match players as their declarations list them.
const std::string& Usage() {
  static const std::string kText =
      absl::StrCat(kUsage, "\nMatch players:\n", kibitzer::cli::MatchPlayersHelp());
  return kText;
}

// The flags every command reads, and the position in `words` or --position-file.
absl::StatusOr<kibitzer::cli::CommandOptions> CommandOptionsFromFlags(
    const std::vector<std::string>& words) {
  kibitzer::cli::CommandOptions o;
  o.json = absl::GetFlag(FLAGS_json);
  kibitzer::cli::SetJsonErrors(o.json);
  o.link = absl::GetFlag(FLAGS_link);
  o.game = absl::GetFlag(FLAGS_game);
  o.variant = absl::GetFlag(FLAGS_variant);
  o.notation = absl::StrJoin(words, " ");
  o.moves = absl::GetFlag(FLAGS_moves);
  o.seat = absl::GetFlag(FLAGS_seat);
  o.position_id = absl::GetFlag(FLAGS_position_id);
  o.position_options = absl::GetFlag(FLAGS_position_option);
  o.time_ms = absl::GetFlag(FLAGS_time);
  o.nodes = absl::GetFlag(FLAGS_nodes);
  o.depth = absl::GetFlag(FLAGS_depth);
  o.samples = absl::GetFlag(FLAGS_samples);
  o.candidates = absl::GetFlag(FLAGS_candidates);
  o.interval_ms = absl::GetFlag(FLAGS_interval);
  o.priority = absl::GetFlag(FLAGS_priority);
  o.seed = absl::GetFlag(FLAGS_seed);
  o.threads = absl::GetFlag(FLAGS_threads);
  o.hash_mb = absl::GetFlag(FLAGS_hash_mb);
  o.search_options = absl::GetFlag(FLAGS_option);
  o.count = absl::GetFlag(FLAGS_count);
  o.fixed = kibitzer::cli::JoinFixedCards(absl::GetFlag(FLAGS_fix));
  o.constraints = absl::GetFlag(FLAGS_constraints);
  if (const std::string path = absl::GetFlag(FLAGS_constraints_file); !path.empty()) {
    absl::StatusOr<std::string> text = kibitzer::cli::ReadTextFile(path, "constraints-file");
    if (!text.ok()) return text.status();
    o.constraints = *text;
  }
  if (const std::string path = absl::GetFlag(FLAGS_position_file); !path.empty()) {
    if (!o.notation.empty()) {
      return absl::InvalidArgumentError("--position-file: give the position either way, not both");
    }
    absl::StatusOr<std::string> text = kibitzer::cli::ReadTextFile(path, "position-file");
    if (!text.ok()) return text.status();
    o.notation = *text;
  }
  o.file = absl::GetFlag(FLAGS_file);
  o.skip_bad = absl::GetFlag(FLAGS_skip_bad);
  o.dealer = absl::GetFlag(FLAGS_dealer);
  o.vulnerable = absl::GetFlag(FLAGS_vul);
  o.lexicon_dir = absl::GetFlag(FLAGS_lexicon_dir);

  return o;
}

// How to reach --server: deadline, client name, TLS and token.
absl::StatusOr<kibitzer::cli::RemoteOptions> RemoteFromFlags(const std::string& server,
                                                             const std::string& client) {
  kibitzer::cli::RemoteOptions remote;
  remote.address = server;
  remote.deadline =
      std::chrono::milliseconds(absl::ToInt64Milliseconds(absl::GetFlag(FLAGS_deadline)));
  remote.client = client;
  remote.tls_server_name = absl::GetFlag(FLAGS_tls_server_name);
  if (absl::Status s = kibitzer::cli::ReadSecurityFiles(
          absl::GetFlag(FLAGS_tls_ca), absl::GetFlag(FLAGS_tls_cert), absl::GetFlag(FLAGS_tls_key),
          absl::GetFlag(FLAGS_token_file), &remote);
      !s.ok()) {
    return s;
  }
  if (server.empty() &&
      (!remote.tls_ca.empty() || !remote.tls_cert.empty() || !remote.token.empty())) {
    return absl::InvalidArgumentError(
        "--tls-ca, --tls-cert and --token-file: reach a server; give --server too");
  }
  return remote;
}

// The commands that go through a transport (or, match and scrabble-leaves, run in this process).
int RunCommand(const std::string& command, kibitzer::cli::Transport& t,
               const kibitzer::cli::CommandOptions& o) {
  if (command == "info") return kibitzer::cli::RunInfo(t, o);
  if (command == "health") return kibitzer::cli::RunHealth(t);
  if (command == "setup") return kibitzer::cli::RunSetup(t, o);
  if (command == "stop") return kibitzer::cli::RunStop(t, o.notation);
  if (command == "deal") return kibitzer::cli::RunDeal(t, o);
  if (command == "bench") return kibitzer::cli::RunBench(t, o);
  if (command == "table") return kibitzer::cli::RunTable(t, o);
  if (command == "solve") return kibitzer::cli::RunSolve(t, o);
  if (command == "play") return kibitzer::cli::RunPlay(t, o);
  if (command == "pbn") return kibitzer::cli::RunPbn(t, o);
  if (command == "match") {
    kibitzer::cli::MatchFlags m;
    m.players = absl::GetFlag(FLAGS_players);
    m.deals = absl::GetFlag(FLAGS_deals);
    m.first_deal = absl::GetFlag(FLAGS_first_deal);
    m.rotate = absl::GetFlag(FLAGS_rotate);
    m.report_every = absl::GetFlag(FLAGS_report_every);
    m.records = absl::GetFlag(FLAGS_records);
    return kibitzer::cli::RunMatch(o, m);
  }
  if (command == "scrabble-leaves") {
    kibitzer::cli::LeavesFlags f;
    f.games = absl::GetFlag(FLAGS_games);
    f.generations = absl::GetFlag(FLAGS_generations);
    f.min_count = absl::GetFlag(FLAGS_min_count);
    return kibitzer::cli::RunScrabbleLeaves(o, f);
  }
  if (command == "review") {
    std::signal(SIGINT, OnSigint);
    return kibitzer::cli::RunReview(
        t, o, {absl::GetFlag(FLAGS_reviewed_seat), absl::GetFlag(FLAGS_from_move)}, &g_interrupted);
  }
  if (command == "analyze" || command == "bestmove") {
    std::signal(SIGINT, OnSigint);
    return kibitzer::cli::RunSearch(t, o, command == "bestmove", &g_interrupted);
  }
  std::fprintf(stderr, "kibitz: unknown command '%s'\n%s\n", command.c_str(), Usage().c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(Usage());
  kibitzer::service::NormalizeFlagNames(argc, argv);
  // A position that begins with '-' (a hidden hand) is not a flag.
  std::vector<char*> ordered = kibitzer::cli::FlagsFirst(argc, argv);
  std::vector<char*> args =
      absl::ParseCommandLine(static_cast<int>(ordered.size()), ordered.data());
  if (args.size() < 2) {
    std::fprintf(stderr, "%s\n", Usage().c_str());
    return 2;
  }
  const std::string command = args[1];
  std::vector<std::string> words(args.begin() + 2, args.end());

  absl::StatusOr<kibitzer::cli::CommandOptions> read = CommandOptionsFromFlags(words);
  if (!read.ok()) return kibitzer::cli::Fail(read.status());
  kibitzer::cli::CommandOptions& o = *read;
  const std::string server = absl::GetFlag(FLAGS_server);
  const std::string client = absl::GetFlag(FLAGS_client);
  if (!client.empty() && server.empty()) {
    return kibitzer::cli::Fail(absl::InvalidArgumentError(
        "--client: names this run to a server; give --server too (in-process runs have no "
        "other clients)"));
  }
  absl::StatusOr<kibitzer::cli::RemoteOptions> remote_flags = RemoteFromFlags(server, client);
  if (!remote_flags.ok()) return kibitzer::cli::Fail(remote_flags.status());
  kibitzer::cli::RemoteOptions& remote = *remote_flags;
  if (command == "lexicon") {
    return kibitzer::cli::RunLexiconBuild(words, absl::GetFlag(FLAGS_name),
                                          absl::GetFlag(FLAGS_lexicon_dir));
  }
  if (command == "siu") {
    const std::string dir = absl::GetFlag(FLAGS_lexicon_dir);
    const int threads = std::max(1, absl::GetFlag(FLAGS_threads));
    return kibitzer::cli::RunSiu(
        [&](const std::string& data_path) {
          return server.empty() ? kibitzer::cli::MakeInProcessTransport(threads, data_path)
                                : kibitzer::cli::MakeRemoteTransport(remote);
        },
        dir, !server.empty());
  }
  const int in_flight = absl::GetFlag(FLAGS_in_flight);
  if (in_flight < 0 || in_flight > 1000) {
    return kibitzer::cli::Fail(
        absl::InvalidArgumentError("--in-flight: give 0 (two an address) to 1000"));
  }
  if (!o.file.empty() && remote.deadline.count() == 0) remote.deadline = std::chrono::minutes(10);
  // One transport a server; the first takes the calls that are not batches.
  std::vector<std::unique_ptr<kibitzer::cli::Transport>> servers;
  for (absl::string_view address : absl::StrSplit(server, ',', absl::SkipEmpty())) {
    remote.address = std::string(address);
    servers.push_back(kibitzer::cli::MakeRemoteTransport(remote));
    o.spread.push_back(servers.back().get());
    o.in_flight.push_back(in_flight > 0 ? in_flight
                                        : 2 * kibitzer::cli::AddressesOf(remote.address));
  }
  o.output = absl::GetFlag(FLAGS_output);
  std::unique_ptr<kibitzer::cli::Transport> in_process;
  if (servers.empty()) {
    in_process = kibitzer::cli::MakeInProcessTransport(
        o.threads > 0 ? o.threads
                      : static_cast<int>(std::max(1u, std::thread::hardware_concurrency())),
        absl::GetFlag(FLAGS_lexicon_dir));
  }
  kibitzer::cli::Transport* transport = servers.empty() ? in_process.get() : servers[0].get();

  return RunCommand(command, *transport, o);
}

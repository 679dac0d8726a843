#include "bench/bench.h"

#include <chrono>

#include "absl/strings/str_cat.h"

namespace kibitzer::bench {
namespace {

BenchCase Case(std::string name, std::string variant, std::string notation, int depth,
               bool best_move = false) {
  BenchCase c;
  c.name = std::move(name);
  c.best_move = best_move;
  pb::Position* p = c.request.mutable_position()->mutable_position();
  p->set_game("tictactoe");
  p->set_variant(std::move(variant));
  p->set_notation(std::move(notation));
  c.request.mutable_limits()->set_depth(depth);
  c.request.set_threads(1);
  c.request.set_progress_interval_ms(1000);
  (*c.request.mutable_options())["compare_minimax"] = "false";
  return c;
}

BenchCase BridgeCase(std::string name, std::string deal, std::string trump, std::string leader) {
  BenchCase c;
  c.name = std::move(name);
  pb::Position* p = c.request.mutable_position()->mutable_position();
  p->set_game("bridge");
  p->set_notation(std::move(deal));
  (*p->mutable_options())["trump"] = std::move(trump);
  (*p->mutable_options())["leader"] = std::move(leader);
  c.request.set_threads(1);
  c.request.set_progress_interval_ms(1000);
  return c;
}

// Bridge from `seat`'s view: Monte Carlo over `samples` seeded layouts of the hands it cannot see,
// each solved double dummy.
BenchCase BridgeViewCase(std::string name, std::string deal, std::string trump, std::string leader,
                         std::string seat, int samples) {
  BenchCase c = BridgeCase(std::move(name), std::move(deal), std::move(trump), std::move(leader));
  c.request.mutable_position()->mutable_position()->set_seat(std::move(seat));
  c.request.mutable_limits()->set_samples(samples);
  c.request.set_seed(1);
  (*c.request.mutable_options())["objective"] = "tricks";
  return c;
}

// A Big Two deal a few plays in: max^n to `depth` with the heuristic when `seat` is empty, else
// Monte Carlo from that seat's view over `samples` seeded layouts.
BenchCase BigTwoCase(std::string name, std::string seat, int depth, int samples) {
  BenchCase c;
  c.name = std::move(name);
  pb::Position* p = c.request.mutable_position()->mutable_position();
  p->set_game("bigtwo");
  p->set_notation(
      "3C5C5H5S6H7C7D7STSQHQSKC2H 6C8D8H9CTCTDTHJDKSACAD2D2S 3D3H4D4S6S7H9H9SJSQCKHAH2C "
      "3S4C4H5D6D8C8S9DJCJHQDKDAS");
  for (const char* m : {"3C", "6C", "9H", "JC", "KC", "pass", "pass", "pass"}) p->add_moves(m);
  if (!seat.empty()) {
    p->set_seat(seat);
    (*p->mutable_options())["leader"] = "1";
    c.request.mutable_limits()->set_samples(samples);
    c.request.set_seed(1);
  } else {
    (*c.request.mutable_options())["leaf"] = "eval";
  }
  c.request.mutable_limits()->set_depth(depth);
  c.request.set_threads(1);
  c.request.set_progress_interval_ms(1000);
  return c;
}

// Tarok: two by seat 3 on the spec's fixture deal, nine tricks played; every card solved
// exactly when `seat` is empty, else Monte Carlo from that seat's view over `samples` layouts.
BenchCase TarokCase(std::string name, std::string seat, int samples) {
  BenchCase c;
  c.name = std::move(name);
  pb::Position* p = c.request.mutable_position()->mutable_position();
  p->set_game("tarok");
  p->set_notation(
      "XIX,XI,VIII,V,IV,II,XXI,NH,JH,4D,KS,JS,8S,NC,JC,10C "
      "SK,XX,XIV,XIII,XII,VII,III,1H,KD,QD,ND,3D,NS,7S,QC,8C "
      "XVIII,XVII,XVI,XV,X,IX,VI,I,4H,JD,1D,2D,10S,9S,KC,9C QH,2H,3H,QS,7C,KH");
  for (const char* m :
       {"pass", "two", "pass", "two", "talon:0", "9S", "10S",  "II",  "III", "I",  "VII", "VI",
        "IV",   "XII", "IX",   "V",   "XIII",    "X",  "VIII", "XIV", "XV",  "XI", "XVI", "XIX",
        "XX",   "SK",  "XVII", "XXI", "1H",      "4H", "JH",   "NH",  "3D",  "2H"}) {
    p->add_moves(m);
  }
  if (!seat.empty()) {
    p->set_seat(seat);
    c.request.mutable_limits()->set_samples(samples);
    c.request.set_seed(1);
  }
  c.request.set_threads(1);
  c.request.set_progress_interval_ms(1000);
  return c;
}

// Scrabble: every play of a mid-game position of a seeded greedy game (scrabble_bench --print=200),
// ranked by static equity or by score; the nodes are the plays generated.
BenchCase ScrabbleCase(std::string name, std::string algorithm) {
  BenchCase c;
  c.name = std::move(name);
  pb::Position* p = c.request.mutable_position()->mutable_position();
  p->set_game("scrabble");
  p->set_notation(
      "13W1/9ZIT1I1/10V2R1/7BIJOU1I1/2OUTREAd1R2N1/10I2GS/6FEELS3T/ABAPICAL2T3O/2HIN1HAME2C1W/"
      "3N5XU1UMP/3OD5GERE1/3TO7D2/4N7S2/3GODLY7/TOhEROAS7 ADFILNQ/AEEKNRV 347/377 0 lex SCOWL80;"
      " bag EYIEAE;");
  c.request.set_threads(1);
  c.request.set_progress_interval_ms(1000);
  (*c.request.mutable_options())["algorithm"] = std::move(algorithm);
  return c;
}

// Scrabble's simulation on the same position: the best `candidates` plays by equity, each played
// out `plies` plies over `samples` seeded racks and bag orders.
BenchCase ScrabbleSimCase(std::string name, int samples, int candidates, int plies) {
  BenchCase c = ScrabbleCase(std::move(name), "sim");
  c.request.mutable_limits()->set_samples(samples);
  c.request.set_seed(1);
  (*c.request.mutable_options())["candidates"] = std::to_string(candidates);
  (*c.request.mutable_options())["plies"] = std::to_string(plies);
  return c;
}

// Scrabble's exact endgame (a seeded greedy game, the bag empty and both racks known: 7 tiles
// against 3), searched to `depth` plies.
BenchCase ScrabbleEndgameCase(std::string name, int depth) {
  BenchCase c;
  c.name = std::move(name);
  pb::Position* p = c.request.mutable_position()->mutable_position();
  p->set_game("scrabble");
  p->set_notation(
      "7L2EXINE/5QUOTHA4/1FUNDI1C2T4/BAPs2BI2E4/5GE3N4/5ORS7/5EMU7/TITHER1PILAFS2/7EOAN1W2/"
      "3DOZER4a2/3AWA1L1VIVID1/JURE3A4L2/1MA4R4S2/2TOOK1G7/1COINAGES6 DEINRYY/EOT 367/370 0 "
      "lex SCOWL80;");
  c.request.mutable_limits()->set_depth(depth);
  c.request.set_threads(1);
  c.request.set_progress_interval_ms(1000);
  (*c.request.mutable_options())["algorithm"] = "endgame";
  return c;
}

}  // namespace

std::vector<BenchCase> BenchCases() {
  return {
      Case("ttt empty analyze", "standard", "", 0),
      Case("ttt empty bestmove", "standard", "", 0, true),
      Case("ttt corner opening", "standard", "x........ o", 0),
      Case("ttt fork threat", "standard", "x...o...x o", 0),
      Case("4x4 empty d6", "4x4", "", 6),
      Case("4x4 centre d7", "4x4", ".........x...... o", 7),
      Case("4x4 midgame solve", "4x4", "x..o.xo...x..o.. x", 0),
      Case("4x4 midgame bestmove", "4x4", "x..o.xo...x..o.. x", 0, true),
      BridgeCase("bridge 7 tricks NT", "N:.KQT.4.942 2.643.2.J6 8..J953.T3 Q9..AQT.Q5", "N", "N"),
      BridgeCase("bridge 7 tricks hearts", "N:A43.J.752. 87.K32..92 .T6.K9.JT3 .984.AQJ.8", "H",
                 "E"),
      BigTwoCase("bigtwo maxn d5 lead", "", 5, 0),
      BigTwoCase("bigtwo mc 20 samples d2", "1", 2, 20),
      TarokCase("tarok exact 7 tricks", "", 0),
      TarokCase("tarok mc 4 samples", "1", 4),
      ScrabbleCase("scrabble static mid-game", "static"),
      ScrabbleCase("scrabble greedy mid-game", "greedy"),
      BridgeViewCase("bridge mc 7 tricks N view", "N:.KQT.4.942 2.643.2.J6 8..J953.T3 Q9..AQT.Q5",
                     "N", "N", "N", 16),
      ScrabbleSimCase("scrabble sim 3 x 8 d2", 8, 3, 2),
      ScrabbleEndgameCase("scrabble endgame d2", 2),
  };
}

absl::StatusOr<BenchResult> RunBench(const SearchFn& search) {
  BenchResult result;
  for (const BenchCase& c : BenchCases()) {
    const auto start = std::chrono::steady_clock::now();
    absl::StatusOr<pb::SearchReport> report = search(c);
    if (!report.ok()) {
      return absl::Status(report.status().code(),
                          absl::StrCat("bench case '", c.name, "': ", report.status().message()));
    }
    BenchLine line;
    line.name = c.name;
    line.best_move = report->best_move();
    line.nodes = report->nodes();
    line.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.nodes += line.nodes;
    result.seconds += line.seconds;
    result.lines.push_back(std::move(line));
  }
  return result;
}

}  // namespace kibitzer::bench

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

// The searching modes of `go` (gen, sim, endgame, peg) through the transport, their reports
// written as SIU's info lines.
#include <algorithm>
#include <set>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "clients/cli/siu/siu_internal.h"
#include "clients/cli/siu/siu_moves.h"
#include "engine/games/scrabble/players.h"

namespace kibitzer::cli::siu {
namespace {

constexpr int kReportIntervalMs = 500;  // between streamed info lines
constexpr int64_t kInfiniteSamples = 10'000'000;

double MetricValue(const pb::MoveValue& m, absl::string_view name) {
  for (const pb::Statistic& s : m.metrics()) {
    if (s.name() == name) return s.value();
  }
  return 0;
}

// The parameters each mode honours; the others given are answered "ignored".
const std::set<std::string>& Honoured(Mode mode) {
  static const std::set<std::string> kGen = {"searchmoves", "alsosearchmoves"};
  static const std::set<std::string> kSim = {"searchmoves",  "alsosearchmoves", "depth",
                                             "iterations",   "movetime",        "stopcondition",
                                             "useinference", "threads",         "infinite"};
  static const std::set<std::string> kEndgame = {"depth", "movetime", "threads", "infinite"};
  static const std::set<std::string> kPeg = {"searchmoves", "movetime", "firstwin", "threads",
                                             "infinite"};
  switch (mode) {
    case Mode::kGen:
      return kGen;
    case Mode::kSim:
      return kSim;
    case Mode::kEndgame:
      return kEndgame;
    default:
      return kPeg;
  }
}

// The side to move's plays by static equity, best first (GCG).
std::vector<std::string> ByEquity(const scrabble::Position& pos, size_t count) {
  std::vector<scrabble::Move> moves = scrabble::AllMoves(pos);
  std::stable_sort(moves.begin(), moves.end(), [&](const auto& a, const auto& b) {
    return scrabble::Equity(pos, a) > scrabble::Equity(pos, b);
  });
  std::vector<std::string> out;
  for (size_t i = 0; i < moves.size() && i < count; ++i) out.push_back(pos.Format(moves[i]));
  return out;
}

// The tiles the side to move keeps after `gcg` ("" when it cannot tell).
std::string LeaveOf(const scrabble::Position& pos, const std::string& gcg) {
  absl::StatusOr<scrabble::Move> m = pos.Parse(gcg, "move");
  if (!m.ok() || !pos.side(pos.to_move()).known) return "";
  scrabble::Rack rack = pos.side(pos.to_move()).rack;
  const scrabble::Rack used = m->Used();
  if (!rack.Contains(used)) return "";
  rack.RemoveAll(used);
  return scrabble::FormatRack(rack);
}

std::string General(const pb::SearchReport& r) {
  return absl::StrCat("info depth ", r.depth(), " nodes ", r.nodes(), " nps ", r.nodes_per_second(),
                      " time ", r.elapsed_ms());
}

std::string SimLine(const pb::MoveValue& m) {
  return absl::StrFormat("info sim move %s wp %.2f wpse %.2f eq %.2f eqse %.2f iters %d",
                         FromGcg(m.move()), 100 * MetricValue(m, "win"),
                         100 * MetricValue(m, "win_se"), MetricValue(m, "spread"),
                         MetricValue(m, "spread_se"), m.samples());
}

std::string EndgameLine(const pb::SearchReport& r) {
  const pb::MoveValue& best = r.moves(0);
  std::vector<std::string> pv;
  for (const std::string& m : best.pv()) pv.push_back(FromGcg(m));
  if (pv.empty()) pv.push_back(FromGcg(best.move()));
  return absl::StrFormat("info endgame depth %d score spread %+d pv %s", best.depth(),
                         static_cast<int>(best.value()), absl::StrJoin(pv, " "));
}

// A solved peg play: the draws it wins, ties and loses (the metrics draw:TILES, 1 0 -1).
std::string PegLine(const pb::MoveValue& m) {
  std::vector<std::string> by[3];
  for (const pb::Statistic& s : m.metrics()) {
    if (!absl::StartsWith(s.name(), "draw:")) continue;
    by[s.value() > 0 ? 0 : s.value() == 0 ? 1 : 2].push_back(s.name().substr(5));
  }
  return absl::StrCat("info peg move ", FromGcg(m.move()), " w:", absl::StrJoin(by[0], "|"),
                      " d:", absl::StrJoin(by[1], "|"), " l:", absl::StrJoin(by[2], "|"));
}

}  // namespace

void Session::RunSearch(const Go& go, const Position& p) {
  for (const std::string& name : go.given) {
    if (!Honoured(go.mode).count(name)) Write(absl::StrCat("info string ignored ", name));
  }
  const scrabble::Position& pos = p.state->position();
  pb::AnalyzeRequest r;
  pb::Position& position = *r.mutable_position()->mutable_position();
  position.set_game("scrabble");
  position.set_notation(p.notation);
  for (const std::string& m : p.moves) position.add_moves(m);
  position.set_seat(p.seat);
  (*position.mutable_options())["end"] = settings_.end;
  r.set_seed(static_cast<uint64_t>(settings_.seed));
  r.set_threads(static_cast<int>(go.threads > 0 ? go.threads : settings_.threads));
  r.set_progress_interval_ms(kReportIntervalMs);
  auto& options = *r.mutable_options();
  pb::Limits& limits = *r.mutable_limits();
  if (go.given.count("movetime")) limits.set_time_ms(go.movetime);
  for (const std::string& m : go.searchmoves) limits.add_candidate_moves(m);
  switch (go.mode) {
    case Mode::kGen:
      options["algorithm"] = "static";
      options["top"] = go.alsosearchmoves.empty() ? std::to_string(settings_.gen_count) : "1000";
      break;
    case Mode::kSim:
      options["algorithm"] = "sim";
      options["plies"] = std::to_string(go.depth > 0 ? go.depth : settings_.sim_plies);
      options["candidates"] = std::to_string(settings_.sim_candidates);
      if (go.given.count("iterations")) limits.set_samples(go.iterations);
      if (go.infinite && !go.given.count("iterations")) limits.set_samples(kInfiniteSamples);
      if (go.stopcondition > 0) options["confidence"] = std::to_string(go.stopcondition);
      if (go.useinference) options["infer"] = "true";
      if (go.searchmoves.empty() && !go.alsosearchmoves.empty()) {
        // The engine's own candidates, and these.
        std::vector<std::string> c = ByEquity(pos, static_cast<size_t>(settings_.sim_candidates));
        c.insert(c.end(), go.alsosearchmoves.begin(), go.alsosearchmoves.end());
        for (const std::string& m : c) limits.add_candidate_moves(m);
      }
      break;
    case Mode::kEndgame:
      options["algorithm"] = "endgame";
      if (go.depth > 0) limits.set_depth(static_cast<int>(go.depth));
      r.set_hash_mb(settings_.endgame_hash_mb);
      break;
    default:
      // Thousands of small endgames, each clearing its table: the engine's small one (2 MiB),
      // not EndgameHash's.
      options["algorithm"] = "peg";
      if (go.firstwin) options["first_win"] = "true";
      break;
  }
  const std::string dir = settings_.data_path.empty() ? default_dir_ : settings_.data_path;
  if (transport_ == nullptr || (!remote_ && transport_dir_ != dir)) {
    transport_ = factory_(dir);
    transport_dir_ = dir;
  }
  absl::StatusOr<pb::SearchReport> final = transport_->Search(
      r, false,
      [&](const pb::SearchReport& report) {
        if (report.final() || go.mode == Mode::kGen ||
            (report.depth() == 0 && report.moves_size() == 0)) {
          return;
        }
        Write(General(report));
        if (go.mode == Mode::kSim) {
          for (const pb::MoveValue& m : report.moves()) Write(SimLine(m));
        } else if (go.mode == Mode::kEndgame && report.moves_size() > 0) {
          Write(EndgameLine(report));
        } else if (go.mode == Mode::kPeg) {
          Write(absl::StrCat("info currmovenumber ", report.moves_size()));
        }
      },
      &interrupt_);
  if (!final.ok()) {
    const std::string message(final.status().message());
    Error(absl::StartsWith(message, "limits.candidate_moves") ? "bad-move" : "bad-position",
          message);
    const std::vector<std::string> first = ByEquity(pos, 1);  // the go still ends with one
    Bestmove(FromGcg(first.empty() ? "-" : first.front()));
    return;
  }
  Write(General(*final));
  const std::set<std::string> also(go.alsosearchmoves.begin(), go.alsosearchmoves.end());
  for (int i = 0; i < final->moves_size(); ++i) {
    const pb::MoveValue& m = final->moves(i);
    if (go.mode == Mode::kGen && (i < settings_.gen_count || also.count(m.move()))) {
      const std::string leave = LeaveOf(pos, m.move());
      Write(absl::StrFormat("info gen move %s score %d eq %.2f leave%s%s", FromGcg(m.move()),
                            static_cast<int>(MetricValue(m, "score")), m.value(),
                            leave.empty() ? "" : " ", leave));
    } else if (go.mode == Mode::kSim) {
      Write(SimLine(m));
    } else if (go.mode == Mode::kPeg && m.bound() == pb::BOUND_EXACT) {
      Write(PegLine(m));
    }
  }
  if (go.mode == Mode::kEndgame && final->moves_size() > 0) Write(EndgameLine(*final));
  if (!final->message().empty()) Write(absl::StrCat("info string ", final->message()));
  std::string best = final->best_move();
  if (best.empty()) {
    const std::vector<std::string> first = ByEquity(pos, 1);
    best = first.empty() ? "-" : first.front();
  }
  Bestmove(FromGcg(best));
}

}  // namespace kibitzer::cli::siu

#include "engine/games/scrabble/players.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "engine/core/player_spec.h"
#include "engine/core/quote.h"
#include "engine/games/scrabble/leaves/leave.h"
#include "engine/games/scrabble/sim/inference.h"
#include "engine/games/scrabble/sim/simulation.h"

namespace kibitzer::scrabble {

const core::OptionSet<PlayerOptions>& PlayerOptionSet() {
  using O = PlayerOptions;
  static const core::OptionSet<LateGame> kLate =
      core::OptionSet<LateGame>()
          .Int("late", &LateGame::bag, kLateBag, 0, kTotalTiles,
               "sim: the late game begins with this many tiles in the bag (with late_win or "
               "to_end).")
          .Bool("late_win", &LateGame::win, false,
                "sim: in the late game candidates are ranked by the chance of winning.")
          .Bool("to_end", &LateGame::to_end, false,
                "sim: in the late game each playout goes on to the end of the game.");
  static const core::OptionSet<O> kSet =
      core::OptionSet<O>()
          .Int("iterations", &O::iterations, 100, 1, 100000,
               "sim, seed: racks and bag orders sampled.")
          .Int("plies", &O::plies, 2, 1, 20, "sim, seed: plies played after each candidate.")
          .Int("candidates", &O::candidates, 10, 1, 500,
               "sim: the best plays by equity that are simulated.")
          .Bool("race", &O::race, true, "sim: candidates shown behind are dropped as it goes.")
          .Enum("objective", &O::objective, "spread",
                {{"spread", Objective::kSpread}, {"win", Objective::kWin}},
                "sim: candidates ranked by the mean spread or by the chance of winning.")
          .Bool("infer", &O::infer, false,
                "sim: the other rack drawn as a leave its last play suggests it kept.")
          .Include(&O::late, kLate)
          .Int("nodes", &O::max_nodes, 0, static_cast<int64_t>(kMinNodes),
               static_cast<int64_t>(kMaxNodes),
               "sim: each move's simulation stops after this many nodes (0: no limit).")
          .Bool("pre_endgame", &O::pre_endgame, true,
                "sim-endgame: the pre-endgame (1 to 3 tiles in the bag) solved over the bag's "
                "orders.");
  return kSet;
}

namespace {

// The player types, in kAlgorithms' order: the simulating ones take their flags after the values
// (":win", ":latewin", ":infer", ":toend"; sim-endgame also ":nopre").
const std::vector<core::PlayerForm>& PlayerForms() {
  static const std::vector<core::PlayerForm> kForms = [] {
    const std::vector<core::PlayerFlag> sim_flags = {{"win", "objective", "win"},
                                                     {"latewin", "late_win", "true"},
                                                     {"infer", "infer", "true"},
                                                     {"toend", "to_end", "true"}};
    std::vector<core::PlayerFlag> endgame_flags = sim_flags;
    endgame_flags.push_back({"nopre", "pre_endgame", "false"});
    const std::vector<std::string> none;
    return std::vector<core::PlayerForm>{
        {"greedy", {}, {}, {}, none},
        {"static", {}, {}, {}, none},
        {"sim", {"iterations", "plies", "candidates"}, {}, sim_flags},
        {"sim-endgame", {"iterations", "plies", "candidates"}, {}, endgame_flags},
        {"seed", {"iterations", "plies"}, {{"iterations", "50"}, {"race", "false"}}, {}, none},
    };
  }();
  return kForms;
}
constexpr Algorithm kAlgorithms[] = {Algorithm::kGreedy, Algorithm::kStatic, Algorithm::kSim,
                                     Algorithm::kSimEndgame, Algorithm::kSeed};

}  // namespace

absl::StatusOr<PlayerOptions> ParsePlayer(const std::string& text, const std::string& field) {
  absl::StatusOr<core::PlayerText> read = core::ReadPlayer(text, PlayerForms(), field);
  if (!read.ok()) return read.status();
  absl::StatusOr<PlayerOptions> p = PlayerOptionSet().Parse(read->settings, field);
  if (!p.ok()) return p.status();
  p->algorithm = kAlgorithms[read->type];
  p->name = text;
  if (p->late.win && p->objective == Objective::kWin) {
    return absl::InvalidArgumentError(absl::StrCat(
        field, ": ", core::Quote(text), " ranks by the chance of winning twice (win, latewin)"));
  }
  if (read->written.contains("late") && !p->late.win && !p->late.to_end) {
    return absl::InvalidArgumentError(absl::StrCat(
        field, ": ", core::Quote(text), " sets late=N with neither latewin nor toend to use it"));
  }
  return p;
}

std::string PlayerHelp() { return core::PlayerFormsHelp(PlayerForms()); }

void GenerateAll(const Position& pos, MoveGenerator& gen, std::vector<Move>* out) {
  const Rack& rack = pos.side(pos.to_move()).rack;
  gen.GeneratePlacements(pos.board(), rack, out);
  if (pos.bag_size() >= pos.rules().exchange_min) {
    const size_t from = out->size();
    MoveGenerator::GenerateExchanges(rack, out);
    out->erase(std::remove_if(out->begin() + static_cast<long>(from), out->end(),
                              [&](const Move& m) { return m.length > pos.bag_size(); }),
               out->end());
  }
  out->push_back(Move{});
}

double LeaveOf(const Position& pos, const Move& m) {
  Rack leave = pos.side(pos.to_move()).rack;
  leave.RemoveAll(m.Used());
  double v = LeaveValue(pos.leaves(), leave, pos.bag_size());
  const Side& other = pos.side(1 - pos.to_move());
  if (m.kind == Move::kPlace && leave.size == 0 && pos.bag_size() == 0 && other.known) {
    v += 2 * other.rack.Points();
  }
  return v;
}

size_t BestIndex(const Position& pos, const std::vector<Move>& moves, bool greedy) {
  size_t best = 0;
  double best_value = -1e18;
  for (size_t i = 0; i < moves.size(); ++i) {
    const double v = greedy ? moves[i].score : Equity(pos, moves[i]);
    if (v > best_value) best = i, best_value = v;
  }
  return best;
}

Move Player::Choose(const Position& pos, uint64_t turn, uint64_t* nodes) {
  if (options_.algorithm == Algorithm::kStatic) return best_.Choose(pos, gen_, nodes);
  GenerateAll(pos, gen_, &moves_);
  *nodes += moves_.size();
  if (options_.algorithm == Algorithm::kGreedy || moves_.size() == 1) {
    return moves_[BestIndex(pos, moves_, options_.algorithm == Algorithm::kGreedy)];
  }
  if (options_.algorithm == Algorithm::kSeed) return ChooseSeed(pos, turn, nodes);
  const bool aware = options_.algorithm == Algorithm::kSimEndgame;
  if (aware && pos.bag_size() == 0) {
    // Both racks are known to the player: the unseen tiles are the other rack.
    Position full = pos;
    full.SetRack(1 - pos.to_move(), pos.Unseen(pos.to_move()));
    if (endgame_ == nullptr) endgame_ = std::make_unique<EndgameSolver>(pos.kwg(), pos.rules(), 18);
    core::StopToken never;
    core::Limits limits;
    limits.nodes = options_.endgame_nodes;
    core::SearchControl control(limits, &never);
    const EndgameResult r = endgame_->Solve(full, 100, control, {}, true);
    *nodes += r.nodes;
    // Not proved within the node limit, the solver's choice rests on a shallow depth's estimate
    // (the racks' points at its horizon); the simulation's playouts to the end choose instead.
    if (r.exact) return r.plays.front().move;
  }
  // The candidates: the best by equity, best first.
  std::vector<std::pair<double, size_t>> ranked;
  ranked.reserve(moves_.size());
  for (size_t i = 0; i < moves_.size(); ++i) ranked.emplace_back(-Equity(pos, moves_[i]), i);
  const size_t n = std::min(ranked.size(), static_cast<size_t>(options_.candidates));
  std::partial_sort(ranked.begin(), ranked.begin() + static_cast<long>(n), ranked.end());
  std::vector<Move> candidates;
  for (size_t i = 0; i < n; ++i) candidates.push_back(moves_[ranked[i].second]);
  if (n == 1) return candidates[0];
  Playout playout;
  playout.plies = options_.plies;
  playout.objective = options_.objective;
  options_.late.Apply(pos.bag_size(), &playout);
  if (aware && options_.pre_endgame && pos.bag_size() > 0 && pos.bag_size() <= kPreEndgameBag) {
    playout.kind = Playout::kEndgame;
    playout.endgame_nodes = options_.pre_endgame_nodes;
    playout.max_layouts = static_cast<uint64_t>(options_.iterations);
  }
  return Simulate(pos, std::move(candidates), playout, static_cast<uint64_t>(options_.iterations),
                  turn, nodes);
}

void Player::Observe(const Position& before, const Move& m) {
  if (!options_.infer) return;
  last_before_ = before;
  last_move_ = m;
}

Move Player::Simulate(const Position& pos, std::vector<Move> candidates, const Playout& playout,
                      uint64_t samples, uint64_t turn, uint64_t* nodes) {
  // The player sees its own rack and the board only: the other rack and the bag are sampled.
  Position view = pos;
  view.HideFrom(pos.to_move());
  const uint64_t seed = options_.seed * 1000003 + turn;
  std::vector<Rack> leaves;
  if (options_.infer && last_before_ && last_before_->to_move() != pos.to_move() &&
      !view.side(1 - pos.to_move()).known) {
    InferenceOptions io;
    io.tolerance = options_.infer_tolerance;
    io.trials = options_.infer_trials;
    io.seed = seed ^ 0x1F3A5C7E9B2D4F60ull;
    Inference inf = InferLeaves(*last_before_, last_move_, pos.side(pos.to_move()).rack, io, gen_);
    *nodes += static_cast<uint64_t>(inf.trials);
    leaves = std::move(inf.leaves);
  }
  absl::StatusOr<std::unique_ptr<Simulation>> sim =
      Simulation::Make(view, candidates, playout, seed, {}, std::move(leaves));
  if (!sim.ok()) return candidates[0];
  search::MonteCarloConfig config;
  config.samples = (*sim)->Layouts() > 0 ? (*sim)->Layouts() : samples;
  config.batch = 10;
  config.min_samples = 30;
  config.race = options_.race ? 0.95 : 0;
  config.margin = Simulation::Margin(playout.objective);
  search::MonteCarloSearch<Simulation> search(**sim, config);
  core::Limits limits;
  limits.nodes = options_.max_nodes;  // 0: none
  *nodes += search.RunQuietly(limits).nodes;
  // Stopped before a whole sample, the best by equity.
  return candidates[static_cast<size_t>(std::max(0, search.BestIndex()))];
}

Move Player::ChooseSeed(const Position& pos, uint64_t turn, uint64_t* nodes) {
  std::vector<Move> candidates = moves_;
  Playout playout;
  playout.kind = Playout::kMinimax;
  playout.plies = options_.plies;
  playout.cut_x = options_.cut_x;
  playout.cut_y = options_.cut_y;
  uint64_t samples = static_cast<uint64_t>(options_.iterations);
  if (pos.bag_size() == 0) {  // the seed's end phase: the racks are known, one MinMax
    playout.plies = 3;
    playout.cut_y = 15;
    samples = 1;
  }
  SeedCut(&candidates, playout.cut_x, playout.cut_y);
  if (candidates.size() == 1) return candidates[0];
  return Simulate(pos, std::move(candidates), playout, samples, turn, nodes);
}

}  // namespace kibitzer::scrabble

#include "engine/games/tictactoe/tictactoe_search.h"

#include <cstdlib>

#include "absl/strings/str_format.h"
#include "engine/games/tictactoe/notation.h"
#include "engine/search/alpha_beta.h"
#include "engine/search/minimax.h"
#include "engine/search/root_search.h"

namespace kibitzer::tictactoe {
namespace {

constexpr int kDefaultHashMb3 = 1;
constexpr int kDefaultHashMb4 = 16;

class TicTacToeTask final : public core::SearchTask {
 public:
  TicTacToeTask(const Board& board, TicTacToeSearchOptions options)
      : board_(board), options_(std::move(options)) {}

  size_t TableBytes() const override { return options_.use_tt ? size_t(TableMb()) << 20 : 0; }

  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override {
    // The table is taken when the search starts on its worker (a waiting search holds no
    // memory), before the hot path, and freed with the task.
    tt_ = std::make_unique<search::TranspositionTable>(options_.use_tt ? TableMb() : 0);
    Board board = board_;
    if (options_.compare_minimax && board.squares() - board.pieces() <= kMaxEmptyForMinimax) {
      AddComparison(board);
    }
    search::RootSearch<Board> root(board, options_.root_moves, options_.spec.mode, &control,
                                   tt_.get());
    const int empty = board.squares() - board.pieces();
    const int limit = options_.spec.limits.depth;
    const int max_depth = limit > 0 && limit < empty ? limit : empty;

    // Heartbeats come from deep inside the search, where the board is mid-tree: they resend the
    // last ranking (made at the root) with fresh counters.
    control.SetHeartbeat([&](uint64_t nodes) {
      last_.nodes = nodes;
      last_.elapsed_seconds = control.ElapsedSeconds();
      sink.OnProgress(last_);
    });
    core::StopReason reason = root.Run(max_depth, [&](search::RootSearch<Board>& r) {
      last_ = MakeReport(r, board, control);
      sink.OnProgress(last_);
    });
    control.SetHeartbeat(nullptr);
    if (reason == core::StopReason::kDepthLimit && limit == 0)
      reason = core::StopReason::kCompleted;

    core::Report final_report = MakeReport(root, board, control);
    final_report.final = true;
    final_report.stop_reason = reason;
    return final_report;
  }

 private:
  int TableMb() const {
    const int mb = options_.spec.hash_mb;
    return mb != 0 ? mb : board_.size() == 3 ? kDefaultHashMb3 : kDefaultHashMb4;
  }

  // Plain minimax and plain alpha-beta (no table, full depth, same move order) on this position.
  void AddComparison(Board board) {
    search::TreeCount count;
    search::PlainMinimax(board, count);
    core::StopToken never;
    core::SearchControl unlimited(core::Limits{}, &never);
    search::AlphaBeta<Board> ab(&unlimited, nullptr);
    ab.Search(board, board.squares(), -search::kInfinity, search::kInfinity);
    comparison_ = {
        {"minimax_nodes", static_cast<double>(count.nodes),
         "positions plain minimax visits (the complete game tree, root included)"},
        {"minimax_leaves", static_cast<double>(count.leaves),
         "finished games in the complete game tree"},
        {"alphabeta_nodes", static_cast<double>(ab.nodes()),
         "positions plain alpha-beta visits (no table, full window, same move order)"},
    };
  }

  core::Report MakeReport(search::RootSearch<Board>& root, const Board& board,
                          const core::SearchControl& control) {
    core::Report report;
    for (const auto& rm : root.Ranked()) {
      if (rm.depth == 0) continue;
      core::MoveValue mv = DescribeValue(board, rm.value, rm.bound);
      mv.move = FormatMove(rm.move, board.size());
      mv.depth = rm.depth;
      for (Board::Move m : root.PrincipalVariation(rm.move, rm.depth)) {
        mv.pv.push_back(FormatMove(m, board.size()));
      }
      report.moves.push_back(std::move(mv));
    }
    if (!report.moves.empty()) report.best_move = report.moves.front().move;
    report.depth = root.completed_depth();
    report.nodes = root.nodes();
    report.elapsed_seconds = control.ElapsedSeconds();
    report.statistics = comparison_;
    if (tt_->enabled()) {
      report.statistics.push_back(
          {"tt_probes", static_cast<double>(tt_->probes()), "transposition table probes"});
      report.statistics.push_back(
          {"tt_hits", static_cast<double>(tt_->hits()), "transposition table hits"});
    }
    return report;
  }

  Board board_;
  TicTacToeSearchOptions options_;
  std::unique_ptr<search::TranspositionTable> tt_;
  std::vector<core::Statistic> comparison_;
  core::Report last_;
};

}  // namespace

core::MoveValue DescribeValue(const Board& board, int v, core::Bound bound) {
  core::MoveValue mv;
  mv.bound = bound;
  const bool decided = std::abs(v) >= Board::kWin / 2;
  if (decided || (bound == core::Bound::kExact && v == 0)) {
    // A decided value counts the plies to the end, the move itself included.
    const int plies = Board::kWin - std::abs(v) - board.pieces();
    mv.value = v > 0 ? 1 : v < 0 ? -1 : 0;
    const std::string what = v > 0   ? absl::StrFormat("win in %d", plies)
                             : v < 0 ? absl::StrFormat("loss in %d", plies)
                                     : "draw";
    mv.display = bound == core::Bound::kUpper ? "at most " + what : what;
  } else {
    if (mv.bound == core::Bound::kExact) mv.bound = core::Bound::kEstimate;
    mv.value = v / 20.0;
    mv.display = absl::StrFormat("%+d open lines", v);
    if (bound == core::Bound::kUpper) mv.display = "at most " + mv.display;
  }
  return mv;
}

std::unique_ptr<core::SearchTask> MakeSearchTask(const Board& board,
                                                 TicTacToeSearchOptions options) {
  auto task = std::make_unique<TicTacToeTask>(board, std::move(options));
  task->frame = {core::ValueUnit::kOutcome, "outcome"};
  return task;
}

}  // namespace kibitzer::tictactoe

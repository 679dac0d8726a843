// kibitz scrabble-leaves: leave values learned by self-play, in this process.
#include <cstdio>
#include <filesystem>
#include <thread>

#include "absl/strings/str_cat.h"
#include "clients/cli/lab/scrabble_run.h"
#include "engine/games/scrabble/leaves/leave_learning.h"

namespace kibitzer::cli {

int RunScrabbleLeaves(const CommandOptions& o, const LeavesFlags& f) {
  absl::StatusOr<ScrabbleRun> run = MakeScrabbleRun(o);
  if (!run.ok()) return Fail(run.status());
  scrabble::LeaveLearningOptions lo;
  lo.kwg = run->kwg;
  lo.lexicon = run->lexicon;
  lo.rules = run->rules;
  lo.games = f.games;
  lo.generations = f.generations;
  lo.min_count = f.min_count;
  lo.seed = o.seed;
  lo.threads = o.threads > 0 ? o.threads
                             : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const std::string output =
      o.output.empty()
          ? (std::filesystem::path(run->dir) / (lo.lexicon + scrabble::kLeavesExtension)).string()
          : o.output;
  scrabble::LeaveLearningStats stats;
  const int step = std::max(1, f.games / 100);
  absl::StatusOr<scrabble::LeaveTable> table = scrabble::LearnLeaves(
      lo,
      [&](int generation, int done, int total) {
        if (done % step == 0 || done == total) {
          std::fprintf(stderr, "\rgeneration %d/%d: %d/%d games", generation + 1, f.generations,
                       done, total);
          if (done == total) std::fprintf(stderr, "\n");
        }
      },
      &stats);
  if (!table.ok()) return Fail(table.status());
  const std::vector<std::string> comment = {
      absl::StrCat("learned by: kibitz scrabble-leaves --position-option=lexicon=", lo.lexicon,
                   lo.rules.classic_end ? ",end=classic" : "", " --games=", lo.games,
                   " --generations=", lo.generations, " --min-count=", lo.min_count,
                   " --seed=", lo.seed),
      absl::StrCat("last generation: ", stats.observations, " leaves kept with a full draw ahead, ",
                   stats.leaves_seen, " distinct, ", stats.leaves_stored,
                   " with their own value; a fresh rack's next equity ", stats.baseline,
                   "; mean score a side ", stats.mean_game_score)};
  if (absl::Status s = scrabble::SaveLeaveFile(*table, comment, output); !s.ok()) return Fail(s);
  std::printf("%s\n%s\nwritten to %s\n", comment[0].c_str(), comment[1].c_str(), output.c_str());
  return 0;
}

}  // namespace kibitzer::cli

#include "clients/cli/lab/scrabble_run.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/analysis/game_registry.h"
#include "engine/core/quote.h"
#include "engine/games/scrabble/lexicon/lexicon_store.h"

namespace kibitzer::cli {

absl::StatusOr<ScrabbleRun> MakeScrabbleRun(const CommandOptions& o) {
  ScrabbleRun run;
  std::string name = scrabble::kDefaultLexicon;
  bool hand = false;
  for (const std::string& kv : o.position_options) {
    const std::pair<std::string, std::string> p = absl::StrSplit(kv, absl::MaxSplits('=', 1));
    const auto bad = [&](const char* allowed) {
      return absl::InvalidArgumentError(absl::StrCat("--position-option ", core::Quote(p.first),
                                                     ": ", core::Quote(p.second), " is not ",
                                                     allowed));
    };
    if (p.first == "lexicon") {
      name = p.second;
    } else if (p.first == "end") {
      if (p.second != "double" && p.second != "classic") return bad("double or classic");
      run.rules.classic_end = p.second == "classic";
    } else if (p.first == "leaves") {
      if (p.second != "learned" && p.second != "hand") return bad("learned or hand");
      hand = p.second == "hand";
    } else {
      return absl::InvalidArgumentError(absl::StrCat(
          "--position-option: ", core::Quote(p.first),
          " is not an option of Scrabble runs in this process (lexicon, end, leaves)"));
    }
  }
  run.dir = o.lexicon_dir.empty() ? analysis::GameSettings::DefaultLexiconDir() : o.lexicon_dir;
  const scrabble::LexiconStore store(run.dir);
  absl::StatusOr<scrabble::Lexicon> lexicon = store.Get(name, "--position-option lexicon");
  if (!lexicon.ok()) return lexicon.status();
  run.kwg = lexicon->words;
  if (!hand) run.leaves = lexicon->leaves;
  run.lexicon = absl::AsciiStrToUpper(name);
  return run;
}

}  // namespace kibitzer::cli

#include "clients/cli/siu/siu_command.h"

#include <cstdio>
#include <string>

#include "engine/analysis/game_registry.h"

namespace kibitzer::cli {

int RunSiu(siu::Session::TransportFactory factory, const std::string& lexicon_dir, bool remote) {
  siu::Session session(
      std::move(factory),
      lexicon_dir.empty() ? analysis::GameSettings::DefaultLexiconDir() : lexicon_dir, remote,
      [](const std::string& line) {
        std::fwrite(line.data(), 1, line.size(), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
      });
  // Lines read a character at a time, kept to the session's bound plus one (the rest of a longer
  // line is dropped, not held).
  std::string line;
  for (int c; (c = std::getchar()) != EOF;) {
    if (c != '\n') {
      if (line.size() <= siu::Session::kMaxLine) line.push_back(static_cast<char>(c));
      continue;
    }
    if (!session.HandleLine(line)) return 0;
    line.clear();
  }
  if (!line.empty() && !session.HandleLine(line)) return 0;
  session.HandleLine("quit");  // the front end went away: the search stopped, then out
  return 0;
}

}  // namespace kibitzer::cli

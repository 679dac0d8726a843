#include "clients/cli/siu/siu_command.h"

#include <cstdio>
#include <iostream>
#include <string>

#include "engine/analysis/game_registry.h"

namespace kibitzer::cli {

int RunSiu(siu::Session::TransportFactory factory, const std::string& lexicon_dir, bool remote) {
  std::ios::sync_with_stdio(false);
  siu::Session session(
      std::move(factory),
      lexicon_dir.empty() ? analysis::GameSettings::DefaultLexiconDir() : lexicon_dir, remote,
      [](const std::string& line) {
        std::fwrite(line.data(), 1, line.size(), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
      });
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!session.HandleLine(line)) return 0;
  }
  session.HandleLine("quit");  // the front end went away: the search stopped, then out
  return 0;
}

}  // namespace kibitzer::cli

// `kibitz siu`: kibitzer as an SIU engine (woogles-io/open-protocols siu/siu.md, draft 0.2), the
// line protocol crossword front ends drive analysis engines with, as chess GUIs drive UCI ones.
//
// A session reads one command a line (HandleLine, on the reader's thread) and writes its answers
// through `out`, one line a call. Searches run on a thread of their own, so that input is read
// while one runs: `isready` is answered at once, `stop` ends the search with its best so far.
// Positions are CGP (kibitzer's Scrabble notation) with UCGI moves; searches go through a
// Transport (the engine in this process, or a kibitzerd), and the position is mirrored here to
// check it, name the leaves of `go gen` and read the last play for `go infer`.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "clients/cli/transport.h"
#include "engine/core/thread_pool.h"
#include "engine/games/scrabble/lexicon/lexicon_store.h"
#include "engine/games/scrabble/scrabble_game.h"

namespace kibitzer::cli::siu {

struct Settings {
  std::string lexicon = scrabble::kDefaultLexicon;
  int threads = 1;
  int endgame_hash_mb = 32;
  std::string end = "double";
  int gen_count = 15;
  int sim_plies = 2;
  int sim_candidates = 10;
  int seed = 0;
  std::string data_path;  // the lexica's directory (empty: the build's or --lexicon-dir)
};

class Session {
 public:
  using Output = std::function<void(const std::string&)>;
  // Makes the transport searches go through; `data_path` is DataPath (empty: the default).
  using TransportFactory = std::function<std::unique_ptr<Transport>(const std::string& data_path)>;

  // `remote`: the factory reaches a server, whose lexica DataPath does not change.
  Session(TransportFactory factory, std::string lexicon_dir, bool remote, Output out);
  ~Session();

  static constexpr size_t kMaxLine = 1 << 16;  // a longer input line is refused

  // Handles one input line; false once `quit` has been read (the search stopped and joined).
  bool HandleLine(absl::string_view line);

  struct Position;  // the position set, checked (siu_internal.h)
  struct Go;        // a go's parameters

 private:
  void Write(const std::string& line);
  void Error(const std::string& code, const std::string& text);
  // The search's last line; the session is idle once it is written.
  void Bestmove(const std::string& move);
  void Handshake();
  void SetOption(const std::vector<std::string>& tokens);
  void SetPosition(const std::vector<std::string>& tokens);
  void StartGo(const std::vector<std::string>& tokens);
  void StopSearch();  // stops a running search and waits for its bestmove
  void RunGo(const Go& go, const Position& position);
  void RunInfer(const Go& go, const Position& position);
  void RunSearch(const Go& go, const Position& position);
  std::string Provenance(const Position& position) const;
  // A move from the front end as the GCG the engine plays from `p`'s position and moves so far.
  absl::StatusOr<std::string> ToPlayed(const Position& p, const std::string& move) const;
  // Sets up `notation` and `moves` here; errors name the field.
  absl::StatusOr<std::unique_ptr<scrabble::ScrabbleState>> Mirror(
      const std::string& notation, const std::vector<std::string>& moves,
      const std::string& seat) const;

  TransportFactory factory_;
  std::string default_dir_;
  bool remote_;
  Output out_;
  std::mutex out_mu_;
  Settings settings_;
  std::unique_ptr<Transport> transport_;  // made on first use, again when DataPath changes
  std::string transport_dir_;
  std::unique_ptr<scrabble::LexiconStore> lexica_;  // the mirror's lexica
  std::shared_ptr<const Position> position_;
  core::ThreadGroup search_;  // the running search, if any
  std::atomic<bool> searching_{false};
  std::atomic<bool> interrupt_{false};
};

}  // namespace kibitzer::cli::siu

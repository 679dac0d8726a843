// The type-erased game interface the service and the CLI work through.
//
// Each game module implements Game and GameState; search inside a module is templated on the
// module's concrete state, with no virtual calls on hot paths. Everything here is text and plain
// values: move and position notation is made by the module, never by the search or the wire layer.
// Every method of every game is implemented (no "not supported" virtuals); a request that makes no
// sense for a game is refused with INVALID_ARGUMENT naming the field.
//
// Field names in errors: Setup names fields of the position ("notation", "moves[2]", "seat",
// "options[x]"); Deal and PrepareSearch name fields of their request ("fixed[0]",
// "limits.candidate_moves[1]", "options[x]"). The service prefixes the enclosing message.
//
// Thread-safety: a Game is immutable after construction and shared by all threads. A GameState is
// a value: const methods may be called from several threads, nothing mutates it after Setup.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/limits.h"
#include "engine/core/options.h"
#include "engine/core/progress.h"
#include "engine/core/search_control.h"

namespace kibitzer::core {

struct VariantSpec {
  std::string name;
  std::string description;
};

struct GameInfo {
  std::string name;
  std::string display_name;
  std::string description;
  std::vector<VariantSpec> variants;  // first is the default
  std::vector<OptionSpec> position_options;
  std::vector<OptionSpec> search_options;
  std::string position_notation;
  std::string example_position;  // a valid Position.notation, e.g. for a first try
  std::string move_notation;
  std::vector<std::string> seats;
  bool hidden_information = false;
  std::string value_description;
};

// A position as a client states it.
struct PositionSpec {
  std::string variant;
  std::string notation;
  std::vector<std::string> moves;
  std::string seat;
  OptionMap options;
};

struct Knowledge {
  std::vector<std::string> known;
  std::vector<std::string> hidden;
  int hidden_cards = 0;
};

// A card game's position as a card table shows it, from the asking seat's knowledge (GameState::
// Table; the wire's TableView).
struct TableView {
  struct Hand {
    std::string seat;
    std::vector<std::string> cards;  // in the game's order; empty when not known
    int count = 0;                   // cards held, known or not
    bool known = false;
  };
  struct Play {
    std::string seat;
    std::vector<std::string> cards;
  };
  struct Group {
    std::string name;                // "talon group 1"
    std::vector<std::string> cards;  // "?" for a card not known
    std::string move;                // the move that takes it, if one does now ("talon:0")
  };
  struct Fact {
    std::string name;
    std::string value;
  };
  std::vector<Hand> hands;
  std::vector<Play> table;  // the trick in progress, or the play to beat
  std::vector<Group> groups;
  std::vector<Fact> facts;
};

class GameState {
 public:
  virtual ~GameState() = default;
  // The position in canonical form: named variant, canonical notation, options that shape it, and
  // no moves left to apply except where the notation cannot express the position (bridge: the
  // cards of the trick in progress). Setup of it gives the same position back.
  virtual PositionSpec Normalized() const = 0;
  // Seat to move; empty when the game is over.
  virtual std::string SideToMove() const = 0;
  // Legal moves in canonical notation, sorted in the game's move order, unique.
  virtual std::vector<std::string> LegalMoves() const = 0;
  virtual bool IsTerminal() const = 0;
  // The outcome in words when terminal, else empty.
  virtual std::string Outcome() const = 0;
  virtual Knowledge GetKnowledge() const = 0;
  // The position as a card table (hands, the cards on the table, groups set aside), from the
  // seat's knowledge; empty for a game without hands of cards (tic-tac-toe, Scrabble).
  virtual TableView Table() const { return {}; }
  // The moves so far as a game record in the game's record format (Scrabble: GCG), empty for a
  // game whose records are read only (bridge's PBN and LIN) or that has none.
  virtual std::string Record() const { return ""; }
};

struct DealSpec {
  std::vector<std::string> fixed;  // "SEAT:CARDS"
  std::string constraints;
  int count = 1;
  uint64_t seed = 0;
  // Looked at between layouts: once stopped, Deal returns what it has (the caller discards it).
  const StopToken* stop = nullptr;
  bool Stopped() const { return stop != nullptr && stop->stopped(); }
};

struct DealResult {
  std::vector<PositionSpec> layouts;
  int64_t rejected = 0;
  bool exhaustive = false;
};

enum class SearchMode {
  kAnalyze,   // every move's value
  kBestMove,  // the best move's value; other moves may get bounds only
};

struct SearchSpec {
  SearchMode mode = SearchMode::kAnalyze;
  Limits limits;
  uint64_t seed = 0;
  int threads = 1;
  int hash_mb = 0;  // 0: the game's default
  OptionMap options;
  // Cards fixed to a seat in every sampled layout, "SEAT:CARDS" as in DealSpec::fixed; a game
  // refuses them (naming fixed[i]) where it samples nothing.
  std::vector<std::string> fixed;
};

// One move of a game's line, for a review: the position just before it (no seat: as the position
// was given), the move in canonical notation, and who chose it.
struct LinePoint {
  PositionSpec before;
  std::string move;
  std::string player;  // the seat that chose the move (bridge: declarer for dummy's cards)
  std::string note;    // set when the move cannot be valued, saying why (e.g. rack not given)
};

// One prepared search: inputs checked and memory taken, ready to run on a worker thread.
class SearchTask {
 public:
  virtual ~SearchTask() = default;
  // Runs on the calling thread until done or `control` says stop; reports through `sink`'s
  // OnProgress only (the runner calls OnFinished). Returns the final report; its stop_reason says
  // why the search ended when the search itself decided (completed, depth or sample limit).
  virtual Report Run(SearchControl& control, ProgressSink& sink) = 0;
  // The most memory its tables take at once, all its threads together (MemoryBudget): the runner
  // reserves it before admitting the search.
  virtual size_t TableBytes() const { return 0; }
  // The threads it keeps busy while running: the runner starts it only when that many of its
  // threads are free (at most all of them), so a server's CPU use stays within --threads.
  virtual int Threads() const { return 1; }

  // The unit, objective and target of its reports, set by the game that prepared it. The runner
  // copies it into every report; a target of 0 samples is taken from the limits.
  ReportFrame frame;
};

// The task's frame with its target completed from the limits the search runs under.
ReportFrame FrameOf(const SearchTask& task, const Limits& limits);

// The deal of a position in which nothing is hidden: the position itself is the one consistent
// layout (exhaustive). Fixing cards or constraining hands is refused, naming the field; `what`
// says why nothing is hidden, e.g. "tic-tac-toe has no hidden cards".
absl::StatusOr<DealResult> DealOfFullLayout(const GameState& state, const DealSpec& spec,
                                            const std::string& what);

// The points of `line.moves` played from `line` (its moves cleared), each move in the canonical
// form the position before it lists it in (as written, or but for case, or the legal move of the
// same characters in another order that leads to the same position), and its player the side to
// move there.
absl::StatusOr<std::vector<LinePoint>> LineOfMoves(const class Game& game,
                                                   const PositionSpec& line);

// For a search that samples nothing: an error naming fixed[0] when `spec` fixes cards, else OK.
// `what` says why nothing is hidden, as in DealOfFullLayout.
absl::Status NoFixedCards(const SearchSpec& spec, const std::string& what);

class Game {
 public:
  virtual ~Game() = default;
  virtual const GameInfo& Info() const = 0;
  virtual absl::StatusOr<std::unique_ptr<GameState>> Setup(const PositionSpec& spec) const = 0;
  // The moves of `given` (set up as `state`, no seat) one by one, each with the position before
  // it: a record's own moves (bridge PBN and LIN play, Scrabble GCG) and then `given.moves`. The
  // default serves games whose notation holds no moves: the points of `given.moves`.
  virtual absl::StatusOr<std::vector<LinePoint>> Line(const GameState& state,
                                                      const PositionSpec& given) const;
  virtual absl::StatusOr<DealResult> Deal(const GameState& state, const DealSpec& spec) const = 0;
  virtual absl::StatusOr<std::unique_ptr<SearchTask>> PrepareSearch(
      const GameState& state, const SearchSpec& spec) const = 0;
};

// A game whose positions are all of one type, `State`: Setup, Deal and PrepareSearch bound to it
// once. A position handed back to Deal or PrepareSearch is always one this game's Setup made (the
// engine keeps each position with its game), so the game's own code sees its own type only.
template <typename State>
class TypedGame : public Game {
 public:
  absl::StatusOr<std::unique_ptr<GameState>> Setup(const PositionSpec& spec) const final {
    absl::StatusOr<std::unique_ptr<State>> state = SetupState(spec);
    if (!state.ok()) return state.status();
    return std::unique_ptr<GameState>(*std::move(state));
  }
  absl::StatusOr<DealResult> Deal(const GameState& state, const DealSpec& spec) const final {
    return DealState(static_cast<const State&>(state), spec);
  }
  absl::StatusOr<std::unique_ptr<SearchTask>> PrepareSearch(const GameState& state,
                                                            const SearchSpec& spec) const final {
    return PrepareState(static_cast<const State&>(state), spec);
  }
  absl::StatusOr<std::vector<LinePoint>> Line(const GameState& state,
                                              const PositionSpec& given) const final {
    return LineState(static_cast<const State&>(state), given);
  }

 protected:
  // Game::Line for this game's positions; the default as Game's.
  virtual absl::StatusOr<std::vector<LinePoint>> LineState(const State&,
                                                           const PositionSpec& given) const {
    return LineOfMoves(*this, given);
  }
  virtual absl::StatusOr<std::unique_ptr<State>> SetupState(const PositionSpec& spec) const = 0;
  virtual absl::StatusOr<DealResult> DealState(const State& state, const DealSpec& spec) const = 0;
  virtual absl::StatusOr<std::unique_ptr<SearchTask>> PrepareState(
      const State& state, const SearchSpec& spec) const = 0;
};

}  // namespace kibitzer::core

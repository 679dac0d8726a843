// Setting up a Scrabble position: CGP or GCG, the rules and lexicon, the view, the moves after it.
#include <algorithm>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/core/quote.h"
#include "engine/core/rng.h"
#include "engine/games/scrabble/notation/notation.h"
#include "engine/games/scrabble/scrabble_game.h"
#include "engine/games/scrabble/sim/simulation.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::scrabble {
namespace {

absl::Status Fail(const std::string& field, const std::string& text, const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat(field, ": ", core::Quote(text), " ", why));
}

// Applies one move given as text by the side to move, keeping it and the position before it in
// `last`; errors name `field`. "+TILES" is no move: it tells tiles `viewer` drew (a seat
// following a live game from its own view; -1: no seat named, refused).
absl::Status PlayText(Position& pos, const std::string& text, const std::string& field,
                      std::optional<LastPlay>* last, int viewer = -1, bool words = true) {
  if (!text.empty() && text[0] == '+') {
    if (viewer < 0) {
      return Fail(field, text, "tells the tiles a seat drew: name the seat (Position.seat)");
    }
    absl::StatusOr<Rack> drawn = ParseRack(std::string_view(text).substr(1), kRackSize, field);
    if (!drawn.ok()) return drawn.status();
    return pos.AddDrawn(viewer, *drawn, field);
  }
  absl::StatusOr<Move> m = pos.Parse(text, field);
  if (!m.ok()) return m.status();
  if (const std::string why = pos.WhyIllegal(&*m, words); !why.empty()) {
    return Fail(field, text, "is not legal: " + why);
  }
  last->emplace(LastPlay{pos, *m});
  last->value().before.StopRecording();
  pos.Apply(*m);
  return absl::OkStatus();
}

// The total a record line states must be the seat's score after it.
absl::Status CheckTotal(const Position& pos, const GcgLine& line, const std::string& where) {
  if (pos.score(line.seat) == line.total) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat(where, ": the total after it is ", pos.score(line.seat), ", not ", line.total));
}

// An end-of-game line: the engine made the end-of-game lines when the game ended; each given
// must be one. `end_lines`: the next of those not yet matched.
absl::Status CheckEndLine(const Position& pos, const GcgLine& line, const std::string& where,
                          size_t* end_lines) {
  const std::vector<RecordLine>& made = pos.record();
  if (!pos.over() || *end_lines >= made.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat(where, ": ", core::Quote(line.move),
                     " is an end-of-game adjustment, but the game has not ended with one here"));
  }
  const RecordLine& want = made[(*end_lines)++];
  if (want.seat != line.seat || want.score != line.score || want.move != line.move) {
    return absl::InvalidArgumentError(
        absl::StrCat(where, ": the end of the game gives seat ", SeatName(want.seat), " ",
                     want.move, " ", want.score > 0 ? "+" : "", want.score, ", not this"));
  }
  return absl::OkStatus();
}

// Replays a GCG record into `pos` (an empty board), checking every score and total. Challenges
// as records write them: a phony withdrawn ("--": the play before it taken back, its player's
// turn lost), a challenge bonus and a time penalty (points given or taken); a rack may be given
// whole or as only the tiles played.

absl::Status Replay(const Gcg& gcg, Position& pos, const std::string& field,
                    std::optional<LastPlay>* last, std::vector<RecordMove>* points) {
  size_t end_lines = pos.record().size();
  std::optional<Position> before_play;  // before the last move, while it may be withdrawn
  for (size_t i = 0; i < gcg.lines.size(); ++i) {
    const GcgLine& line = gcg.lines[i];
    // A play the next line withdraws may be a phony: its words need not be in the lexicon.
    const bool phony = i + 1 < gcg.lines.size() && gcg.lines[i + 1].kind == GcgLine::kWithdrawn &&
                       gcg.lines[i + 1].seat == line.seat;
    const std::string where = absl::StrCat(field, ": line ", line.number);
    switch (line.kind) {
      case GcgLine::kEnd:
        if (absl::Status s = CheckEndLine(pos, line, where, &end_lines); !s.ok()) return s;
        continue;
      case GcgLine::kChallengeBonus:
      case GcgLine::kTimePenalty:
        pos.Adjust(line.seat, line.score, line.move);
        end_lines = pos.record().size();
        if (absl::Status s = CheckTotal(pos, line, where); !s.ok()) return s;
        continue;
      case GcgLine::kWithdrawn: {
        if (!before_play.has_value() || before_play->to_move() != line.seat) {
          return absl::InvalidArgumentError(absl::StrCat(
              where, ": '--' takes back the play just made by the same player; there is none"));
        }
        const RecordLine taken_back = pos.record().back();
        if (-taken_back.score != line.score) {
          return absl::InvalidArgumentError(absl::StrCat(where, ": the play taken back scored ",
                                                         taken_back.score, ", so -",
                                                         taken_back.score, ", not ", line.score));
        }
        pos = *std::move(before_play);
        before_play.reset();
        last->reset();
        if (!points->empty()) points->back().phony = true;
        pos.WithdrawPhony(taken_back);
        end_lines = pos.record().size();
        if (absl::Status s = CheckTotal(pos, line, where); !s.ok()) return s;
        continue;
      }
      case GcgLine::kMove:
        break;
    }
    if (pos.over()) {
      return absl::InvalidArgumentError(absl::StrCat(where, ": the game is already over"));
    }
    if (line.seat != pos.to_move()) {
      return absl::InvalidArgumentError(absl::StrCat(where, ": seat ", SeatName(pos.to_move()),
                                                     " (", gcg.nicks[pos.to_move()],
                                                     ") is to move, not ", gcg.nicks[line.seat]));
    }
    if (!line.rack.has_value()) {
      return absl::InvalidArgumentError(
          absl::StrCat(where, ": the rack before the move is needed to replay it"));
    }
    if (absl::Status s = pos.GiveRack(line.seat, *line.rack, where, /*partial=*/true); !s.ok()) {
      return s;
    }
    before_play = pos;
    if (absl::Status s = PlayText(pos, line.move, where, last, -1, /*words=*/!phony); !s.ok()) {
      return s;
    }
    const std::vector<RecordLine>& made = pos.record();
    size_t at = made.size() - 1;
    while (made[at].move[0] == '(') --at;  // past the end-of-game lines it made
    end_lines = at + 1;
    const RecordLine& own = made[at];
    points->push_back({line.number, FormatRack(*line.rack), line.seat, own.move, false});
    if (own.score != line.score) {
      return absl::InvalidArgumentError(
          absl::StrCat(where, ": ", line.move, " scores ", own.score, ", not ", line.score));
    }
    if (own.total != line.total) {
      return absl::InvalidArgumentError(
          absl::StrCat(where, ": the total after it is ", own.total, ", not ", line.total));
    }
  }
  for (int seat = 0; seat < 2; ++seat) {
    if (!gcg.final_racks[seat].has_value() || pos.over()) continue;
    if (absl::Status s =
            pos.GiveRack(seat, *gcg.final_racks[seat], absl::StrCat(field, ": #rack", seat + 1));
        !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

// A new game with both racks and the bag's order known (a seeded shuffle): a full layout that
// can be played to its end.
std::string ExamplePosition() {
  std::vector<uint8_t> tiles;
  for (int k = 0; k < kTileKinds; ++k) tiles.insert(tiles.end(), kDistribution[k], uint8_t(k));
  core::Rng rng(2004);
  rng.Shuffle(tiles.begin(), tiles.end());
  Rack racks[2];
  for (int i = 0; i < 2 * kRackSize; ++i) racks[i / kRackSize].Add(tiles[static_cast<size_t>(i)]);
  std::string bag;
  for (size_t i = 2 * kRackSize; i < tiles.size(); ++i) bag.push_back(RackChar(tiles[i]));
  return absl::StrCat("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ", FormatRack(racks[0]), "/",
                      FormatRack(racks[1]), " 0/0 0 lex ", kDefaultLexicon, "; bag ", bag, ";");
}

}  // namespace

const core::OptionSet<PositionOptions>& PositionOptionSet() {
  using O = PositionOptions;
  static const core::OptionSet<O> kSet =
      core::OptionSet<O>()
          .Enum(
              "end", &O::classic_end, "double", {{"double", false}, {"classic", true}},
              "End of the game: double, the one who plays out gains twice the other rack's value; "
              "classic, gains it once and the other loses it.")
          .Int("exchange_min", &O::exchange_min, 7, 1, 100,
               "Tiles the bag must hold for an exchange.")
          .Int("scoreless_turns", &O::scoreless_turns, 6, 1, 100,
               "Consecutive scoreless turns (passes and exchanges, both players) that end the "
               "game; each player then loses the value of his rack.")
          .String("lexicon", &O::lexicon,
                  "The lexicon (also CGP 'lex NAME;' or GCG '#lexicon NAME').")
          .Enum("to_move", &O::to_move, "1", {{"1", 0}, {"2", 1}},
                "The seat to move in a CGP (whose rack and score the CGP lists first).");
  return kSet;
}

const core::OptionSet<SearchOptions>& SearchOptionSet() {
  using O = SearchOptions;
  static const core::OptionSet<O> kSet =
      core::OptionSet<O>()
          .Enum(
              "algorithm", &O::algorithm, "sim",
              {{"sim", SearchAlgorithm::kSim},
               {"static", SearchAlgorithm::kStatic},
               {"greedy", SearchAlgorithm::kGreedy},
               {"endgame", SearchAlgorithm::kEndgame},
               {"preendgame", SearchAlgorithm::kPreEndgame},
               {"peg", SearchAlgorithm::kPeg}},
              "sim (the default): the seed's simulation, the best candidates by equity played out "
              "over sampled racks and bag orders (limits.samples iterations, default 100, or 400 "
              "when racing, as BestMove does), valued by mean spread and win share with standard "
              "errors; static: rank by equity (score plus leave value); greedy: by score, the "
              "seed paper's greedy player; endgame (the default when the bag is empty and both "
              "racks are known): every play's exact final spread by alpha-beta with a "
              "transposition table and iterative deepening (limits.depth plies at most); "
              "preendgame (the default with 1 to 3 tiles in the bag): the simulation over every "
              "order of the bag (up to limits.samples, default 1000; more are sampled), each "
              "endgame reached solved to endgame_nodes nodes; peg (1 or 2 tiles in the bag): as "
              "crossword engines report the pre-endgame, every play that empties the bag against "
              "every draw the side to move cannot rule out (the other rack not looked at), each "
              "endgame solved exactly: a play's value is its chance of winning (draws half), its "
              "metrics the chances of a win, a draw and a loss, the mean final spread and "
              "draw:TILES, the final spread with those tiles in the bag.")
          .Int("top", &O::top, 50, 1, 1000, "How many of the ranked plays are reported (static).")
          .Int("plies", &O::plies, 2, 0, 20,
               "sim: plies played by the static player after each candidate.")
          .Int("candidates", &O::candidates, 10, 1, 500,
               "sim: how many of the best plays by equity are simulated.")
          .Enum("objective", &O::objective, "spread",
                {{"spread", RankBy::kSpread}, {"win", RankBy::kWin}, {"latewin", RankBy::kLateWin}},
                "sim, preendgame: rank the plays by the mean change in the spread, or by the mean "
                "chance of winning (a play's value is then that chance, 0 to 1; a point of spread "
                "counts 0.0001 in the ranking, so that plays of equal chance are ranked by "
                "spread); latewin: by the chance of winning in the late game (late_bag or fewer "
                "tiles in the bag), by spread before it.")
          .Bool(
              "to_end", &O::to_end, false,
              "sim: in the late game (late_bag or fewer tiles in the bag) each playout goes on to "
              "the end of the game, its result exact, not plies plies.")
          .Int("late_bag", &O::late_bag, kLateBag, 0, kTotalTiles,
               "sim, preendgame: the late game of objective=latewin and to_end: this many tiles in "
               "the bag or fewer.")
          .Int("endgame_nodes", &O::endgame_nodes, 20000, 100, 100000000,
               "preendgame: the node limit of each endgame solved in a playout.")
          .Bool("first_win", &O::first_win, false,
                "peg: stop at the first play that wins every draw.")
          .Bool("infer", &O::infer, false,
                "sim: draw the other rack from what its last play (the record's last move or the "
                "last of Position.moves) says it kept: racks holding the play's tiles are drawn "
                "(infer_trials of them) and kept when the play is, within infer_tolerance points, "
                "the best by static equity; the layouts' other rack is one of their leaves plus "
                "tiles from the bag.")
          .Int("infer_tolerance", &O::infer_tolerance, 0, 0, 1000,
               "infer: how many equity points the play may be below the best.")
          .Int("infer_trials", &O::infer_trials, 1000, 1, 100000,
               "infer: how many racks are drawn.")
          .Include(&O::monte_carlo, search::MonteCarloOptionSet());
  return kSet;
}

core::GameInfo MakeScrabbleInfo(const LexiconStore& lexica) {
  core::GameInfo info;
  info.name = "scrabble";
  info.display_name = "Scrabble";
  const std::vector<std::string> names = lexica.Names();
  info.description = absl::StrCat(
      "Two-player English Scrabble under tournament rules: every legal play (GADDAG move "
      "generation with cross-sets and anchors), exchange and pass, scored; positions in CGP, "
      "game records in GCG; a seat's view samples the other rack and the bag. Analysis ranks "
      "every play by the seed's simulation (the best candidates played out over sampled racks "
      "and bag orders; the default), by static equity (score plus the value of the tiles kept, "
      "learned by self-play), by score (the greedy player), with 1 to 3 tiles in the bag by the "
      "pre-endgame (every bag order, each endgame reached solved), and once the bag is empty by "
      "an exact endgame search. Lexica on this server: ",
      names.empty() ? "none" : absl::StrJoin(names, ", "), " (default ", kDefaultLexicon,
      "; any word list becomes one with kibitz lexicon build).");
  info.variants = {{"english", "15x15 board, the English tile set of 100 tiles, 7-tile racks"}};
  info.position_options = PositionOptionSet().specs();
  info.search_options = SearchOptionSet().specs();
  info.position_notation =
      "CGP: <board> <racks> <scores> <scoreless turns> [opcodes]: the board rows 1..15 "
      "separated by '/', each row's tiles from column A (upper case, a blank's letter lower "
      "case) with a number for a run of empty squares; the racks of the player to move and of "
      "the opponent separated by '/' (empty: not known; ? a blank); the scores in the same "
      "order; the count of consecutive scoreless turns; opcodes 'lex NAME;'. Or a GCG record "
      "(#player1, #player2, >NICK: RACK MOVE +SCORE TOTAL lines): the position after its last "
      "move. A full layout adds kibitzer's opcode 'bag TILES;' (the bag in drawing order), so that "
      "the "
      "draws after moves are known. Empty: a new game, racks not known.";
  info.example_position = ExamplePosition();
  info.move_notation =
      "GCG: the square then the whole main word, row then column across (8D WORD starts at D8 "
      "and goes right), column then row down (D8 WORD goes down); blanks in lower case; tiles "
      "already on the board as their letters, '.' or in parentheses (Quackle's Q(U)A); -ABC "
      "exchanges A, B and C (? a blank); "
      "- passes. A seat following a game from its own view sends the other side's plays as "
      "they come (from a rack it does not know) and, after its own move, +TILES for the tiles "
      "it drew (in Position.moves, no turn).";
  info.seats = {"1", "2"};
  info.hidden_information = true;
  info.value_description =
      "Points for the side to move: with algorithm=sim or preendgame the mean change in the "
      "spread (metrics score, leave, equity, spread, spread_se, win, win_se), or with "
      "objective=win the mean chance of winning (0 to 1); with "
      "algorithm=static the play's equity, its score plus the leave's value (metrics score, "
      "leave, equity): the lexicon's learned leave values (kibitz scrabble-leaves, NAME.leaves) "
      "scaled near the end of the bag, or where it has none hand-made ones (the blank 25, S 8, "
      "X 3, Z 2, E 1.5, A R 1, C D H M 0.5, N T 0, I L P -0.5, K O Y -1, J -1.5, B F G -2, U W "
      "-3, V -5, Q -7; a repeated letter -3, -4 for a vowel; vowels and consonants out of "
      "balance by more than one -1.5 a tile; Q without U -3); with the bag empty, minus twice "
      "the leave's face value; with algorithm=greedy the score; with algorithm=endgame the "
      "exact spread to the end.";
  return info;
}

namespace {

// The notation read: a CGP or a GCG record (or neither: a new game), and the lexicon it names,
// checked against options[lexicon] (the field that names the lexicon for errors).
struct Notation {
  std::optional<Cgp> cgp;
  std::optional<Gcg> gcg;
  std::string lexicon;
  std::string lexicon_field = "options[lexicon]";
};

absl::StatusOr<Notation> ReadNotation(const std::string& notation, const std::string& lexicon) {
  Notation n;
  n.lexicon = lexicon;
  std::string from_notation;
  if (LooksLikeGcg(notation)) {
    absl::StatusOr<Gcg> g = ParseGcg(notation, "notation");
    if (!g.ok()) return g.status();
    n.gcg = *std::move(g);
    from_notation = n.gcg->lexicon;
  } else if (!absl::StripAsciiWhitespace(notation).empty()) {
    absl::StatusOr<Cgp> c = ParseCgp(notation, "notation");
    if (!c.ok()) return c.status();
    n.cgp = *std::move(c);
    from_notation = n.cgp->lexicon;
  }
  if (!from_notation.empty()) {
    if (!lexicon.empty() &&
        absl::AsciiStrToUpper(lexicon) != absl::AsciiStrToUpper(from_notation)) {
      return absl::InvalidArgumentError(absl::StrCat("options[lexicon]: ", core::Quote(lexicon),
                                                     " differs from the notation's lexicon ",
                                                     core::Quote(from_notation)));
    }
    n.lexicon = from_notation;
    n.lexicon_field = "notation: lexicon";
  }
  if (n.lexicon.empty()) n.lexicon = kDefaultLexicon;
  return n;
}

// The rules options the client gave, as the normalized position repeats them.
core::OptionMap GivenRuleOptions(const PositionOptions& options, const Rules& rules) {
  core::OptionMap out;
  if (options.classic_end.given) out["end"] = rules.classic_end ? "classic" : "double";
  if (options.exchange_min.given) out["exchange_min"] = std::to_string(rules.exchange_min);
  if (options.scoreless_turns.given) {
    out["scoreless_turns"] = std::to_string(rules.scoreless_turns);
  }
  return out;
}

// The board, racks and scores from the CGP (options[to_move] its side to move), or a new game.
absl::Status StartPosition(const std::optional<Cgp>& cgp, bool second, Position& pos) {
  if (cgp.has_value()) {
    pos.SetToMove(second ? 1 : 0);
    return ApplyCgp(*cgp, &pos, "notation");
  }
  if (second) {
    return absl::InvalidArgumentError(
        "options[to_move]: given only with a CGP (a record or a new game knows who is to move)");
  }
  return pos.Finish("notation");
}

}  // namespace

absl::StatusOr<std::unique_ptr<ScrabbleState>> SetupScrabble(const LexiconStore& lexica,
                                                             const core::PositionSpec& spec) {
  if (!spec.variant.empty() && spec.variant != "english") {
    return absl::InvalidArgumentError(
        absl::StrCat("variant: ", core::Quote(spec.variant), " is not known (known: english)"));
  }
  absl::StatusOr<PositionOptions> options = PositionOptionSet().Parse(spec.options, "options");
  if (!options.ok()) return options.status();
  Rules rules;
  rules.classic_end = options->classic_end.value;
  rules.exchange_min = options->exchange_min.value;
  rules.scoreless_turns = options->scoreless_turns.value;
  absl::StatusOr<Notation> notation = ReadNotation(spec.notation, options->lexicon);
  if (!notation.ok()) return notation.status();
  absl::StatusOr<Lexicon> lex = lexica.Get(notation->lexicon, notation->lexicon_field);
  if (!lex.ok()) return lex.status();
  Position pos(lex->words, absl::AsciiStrToUpper(notation->lexicon), rules, lex->leaves);
  if (absl::Status s = StartPosition(notation->cgp, options->to_move == 1, pos); !s.ok()) return s;
  std::optional<LastPlay> last;  // the last move of the record or of the moves applied
  std::vector<RecordMove> replayed;
  if (notation->gcg.has_value()) {
    if (absl::Status s = Replay(*notation->gcg, pos, "notation", &last, &replayed); !s.ok()) {
      return s;
    }
  }
  std::string seat;
  if (!spec.seat.empty()) {
    if (spec.seat != "1" && spec.seat != "2") {
      return absl::InvalidArgumentError(
          absl::StrCat("seat: ", core::Quote(spec.seat), " is not a seat of Scrabble (1 or 2)"));
    }
    seat = spec.seat;
  }
  // A seat's position is that seat's knowledge, whatever else the notation gives.
  const bool seat_view = !seat.empty();
  const int viewer = seat.empty() ? -1 : seat == "2" ? 1 : 0;
  for (size_t i = 0; i < spec.moves.size(); ++i) {
    if (absl::Status s =
            PlayText(pos, spec.moves[i], absl::StrCat("moves[", i, "]"), &last, viewer);
        !s.ok()) {
      return s;
    }
  }
  if (seat_view) pos.HideFrom(viewer);
  std::array<std::string, 2> nicks;
  if (notation->gcg.has_value()) nicks = notation->gcg->nicks;
  bool partly_known = false;
  for (int s = 0; s < 2; ++s) {
    partly_known |= !pos.side(s).known && pos.side(s).rack.size > 0;
  }
  auto state = std::make_unique<ScrabbleState>(
      std::move(pos), seat, seat_view, GivenRuleOptions(*options, rules), nicks, std::move(last));
  state->SetRecordMoves(std::move(replayed));
  if (partly_known) {
    core::PositionSpec given = spec;
    given.variant = "english";
    state->KeepAsGiven(std::move(given));
  }
  return state;
}

}  // namespace kibitzer::scrabble

#include "clients/cli/siu/siu_session.h"

#include <algorithm>
#include <map>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "clients/cli/siu/siu_internal.h"
#include "clients/cli/siu/siu_moves.h"
#include "engine/core/quote.h"
#include "engine/games/scrabble/movegen/movegen.h"
#include "engine/games/scrabble/sim/inference.h"
#include "service/engine_api.h"

namespace kibitzer::cli::siu {
namespace {

constexpr size_t kMaxMoves = 200;  // moves after a CGP
constexpr int kInferLines = 20;    // leaves listed by go infer
constexpr int kInferTrials = 1000;

// --- Options: declared once; the handshake lists them, setoption sets them. ---

struct OptionSpec {
  const char* name;
  const char* type;  // check, spin, combo, string
  std::string default_value;
  int min = 0, max = 0;
  std::vector<std::string> vars;  // combo
  // Sets the value (already checked against type, range and vars); none for a combo of one.
  std::function<void(Settings&, const std::string&)> set;
};

// A spin option held in `field`.
OptionSpec Spin(const char* name, int default_value, int min, int max, int Settings::*field) {
  return {name,
          "spin",
          std::to_string(default_value),
          min,
          max,
          {},
          [field](Settings& s, const std::string& v) { (void)absl::SimpleAtoi(v, &(s.*field)); }};
}

const std::vector<OptionSpec>& Options() {
  static const std::vector<OptionSpec> kOptions = {
      {"Lexicon",
       "string",
       scrabble::kDefaultLexicon,
       0,
       0,
       {},
       [](Settings& s, const std::string& v) { s.lexicon = absl::AsciiStrToUpper(v); }},
      {"DataPath",
       "string",
       "<empty>",
       0,
       0,
       {},
       [](Settings& s, const std::string& v) { s.data_path = v == "<empty>" ? "" : v; }},
      {"LetterDistribution", "combo", "english", 0, 0, {"english"}, nullptr},
      {"Variant", "combo", "classic", 0, 0, {"classic"}, nullptr},
      {"ChallengeRule", "combo", "void", 0, 0, {"void"}, nullptr},
      Spin("Threads", 1, 1, 256, &Settings::threads),
      Spin("EndgameHash", 32, 1, 4096, &Settings::endgame_hash_mb),
      {"End",
       "combo",
       "double",
       0,
       0,
       {"double", "classic"},
       [](Settings& s, const std::string& v) { s.end = absl::AsciiStrToLower(v); }},
      Spin("GenCount", 15, 1, 1000, &Settings::gen_count),
      Spin("SimPlies", 2, 0, 20, &Settings::sim_plies),
      Spin("SimCandidates", 10, 1, 500, &Settings::sim_candidates),
      Spin("Seed", 0, 0, 2147483647, &Settings::seed),
  };
  return kOptions;
}

std::string OptionLine(const OptionSpec& o) {
  std::string line =
      absl::StrCat("option name ", o.name, " type ", o.type, " default ", o.default_value);
  if (absl::string_view(o.type) == "spin") absl::StrAppend(&line, " min ", o.min, " max ", o.max);
  for (const std::string& v : o.vars) absl::StrAppend(&line, " var ", v);
  return line;
}

// Why `value` does not suit `o` (empty when it does).
std::string WhyBad(const OptionSpec& o, const std::string& value) {
  const absl::string_view type = o.type;
  if (type == "spin") {
    int64_t n = 0;
    if (!absl::SimpleAtoi(value, &n) || n < o.min || n > o.max) {
      return absl::StrCat("is not a whole number from ", o.min, " to ", o.max);
    }
  } else if (type == "combo") {
    for (const std::string& v : o.vars) {
      if (absl::EqualsIgnoreCase(v, value)) return "";
    }
    return absl::StrCat("is not one of ", absl::StrJoin(o.vars, ", "),
                        absl::string_view(o.name) == "ChallengeRule"
                            ? " (challenges are not modelled: only plays of valid words are legal)"
                            : "");
  } else if (value.size() > 4096) {
    return "is too long";
  }
  return "";
}

// --- CGP: the lexicon opcode. ---

// The CGP's `lex NAME;` opcode's name ("" when none), and the CGP without it.
std::string TakeLexicon(std::string* cgp) {
  std::vector<std::string> fields = absl::StrSplit(*cgp, ' ', absl::SkipEmpty());
  if (fields.size() <= 4) return "";
  const std::string ops = absl::StrJoin(fields.begin() + 4, fields.end(), " ");
  std::vector<std::string> kept;
  std::string lexicon;
  for (absl::string_view op : absl::StrSplit(ops, ';', absl::SkipWhitespace())) {
    op = absl::StripAsciiWhitespace(op);
    if (absl::StartsWith(op, "lex ")) {
      lexicon = std::string(absl::StripAsciiWhitespace(op.substr(4)));
    } else {
      kept.push_back(absl::StrCat(op, ";"));
    }
  }
  fields.resize(4);
  *cgp = absl::StrJoin(fields, " ");
  if (!kept.empty()) absl::StrAppend(cgp, " ", absl::StrJoin(kept, " "));
  return lexicon;
}

const std::map<std::string, Mode>& Modes() {
  static const std::map<std::string, Mode> kModes = {
      {"gen", Mode::kGen},         {"sim", Mode::kSim}, {"infer", Mode::kInfer},
      {"endgame", Mode::kEndgame}, {"peg", Mode::kPeg}, {"auto", Mode::kAuto}};
  return kModes;
}

// Why `go` cannot run on `state` (empty when it can): its mode's needs, its moves' legality.
std::string WhyNot(const Session::Go& go, const scrabble::ScrabbleState& state) {
  const scrabble::Position& pos = state.position();
  const bool mine = pos.side(pos.to_move()).known;
  if (pos.over()) return "the game is over";
  switch (go.mode) {
    case Mode::kInfer: {
      const std::optional<scrabble::LastPlay>& last = state.last_play();
      if (!last.has_value()) {
        return "go infer needs the play to read: position cgp ... moves <the opponent's play>";
      }
      if (last->before.to_move() == pos.to_move()) {
        return "the last move is the side to move's own; infer reads the opponent's";
      }
      if (last->move.kind != scrabble::Move::kPlace) {
        return "the last move is an exchange or a pass: it says nothing of the rack kept";
      }
      return "";
    }
    case Mode::kEndgame:
      if (pos.bag_size() != 0 || !pos.side(0).known || !pos.side(1).known) {
        return "go endgame needs the bag empty and both racks known";
      }
      break;
    case Mode::kPeg:
      if (pos.bag_size() < 1 || pos.bag_size() > 2) {
        return absl::StrCat("go peg needs 1 or 2 tiles in the bag; this one holds ",
                            pos.bag_size());
      }
      break;
    default:
      break;
  }
  if (!mine) return "the rack of the side to move is not known: give it in the CGP or as rack.";
  for (const std::vector<std::string>* list : {&go.searchmoves, &go.alsosearchmoves}) {
    for (const std::string& text : *list) {
      absl::StatusOr<scrabble::Move> m = pos.Parse(text, "move");
      std::string why = m.ok() ? pos.WhyIllegal(&*m) : std::string(m.status().message());
      if (!why.empty()) return absl::StrCat(Echo(FromGcg(text)), " is not legal here: ", why);
    }
  }
  return "";
}

}  // namespace

Session::Session(TransportFactory factory, std::string lexicon_dir, bool remote, Output out)
    : factory_(std::move(factory)),
      default_dir_(std::move(lexicon_dir)),
      remote_(remote),
      out_(std::move(out)) {}

Session::~Session() { StopSearch(); }

void Session::Write(const std::string& line) {
  std::lock_guard<std::mutex> lock(out_mu_);
  out_(line);
}

void Session::Bestmove(const std::string& move) {
  std::lock_guard<std::mutex> lock(out_mu_);
  searching_ = false;  // before the line: a front end may send the next go as soon as it reads it
  out_("bestmove " + move);
}

void Session::Error(const std::string& code, const std::string& text) {
  Write(absl::StrCat("info string error ", code, " ", text));
}

bool Session::HandleLine(absl::string_view line) {
  if (line.size() > kMaxLine) {
    Error("unknown-command", absl::StrCat("a line of more than ", kMaxLine, " bytes"));
    return true;
  }
  const std::vector<std::string> tokens =
      absl::StrSplit(line, absl::ByAnyChar(" \t\r\n"), absl::SkipEmpty());
  if (tokens.empty()) return true;
  const std::string& command = tokens[0];
  if (command == "quit") {
    StopSearch();
    return false;
  }
  if (command == "isready") {
    Write("readyok");  // at once, a search running or not
  } else if (command == "stop") {
    StopSearch();  // idle: nothing to stop
  } else if (command == "siu") {
    Handshake();
  } else if (searching_ && (command == "go" || command == "setoption" || command == "position" ||
                            command == "siunewgame")) {
    Error("unknown-command", absl::StrCat(Echo(command), " while a search runs: send stop first"));
  } else if (command == "setoption") {
    SetOption(tokens);
  } else if (command == "position") {
    SetPosition(tokens);
  } else if (command == "siunewgame") {
    position_.reset();
  } else if (command == "go") {
    StartGo(tokens);
  } else {
    Error("unknown-command", Echo(command));
  }
  return true;
}

void Session::Handshake() {
  Write(absl::StrCat("id name kibitzer ", service::kEngineVersion));
  Write("id author the kibitzer authors");
  Write("capability gen sim infer endgame peg auto stream stop");
  for (const OptionSpec& o : Options()) Write(OptionLine(o));
  Write("siuok");
}

void Session::SetOption(const std::vector<std::string>& tokens) {
  std::vector<std::string> name, value;
  std::vector<std::string>* into = nullptr;
  for (size_t i = 1; i < tokens.size(); ++i) {
    if (absl::EqualsIgnoreCase(tokens[i], "name") && into == nullptr) {
      into = &name;
    } else if (absl::EqualsIgnoreCase(tokens[i], "value") && into == &name) {
      into = &value;
    } else if (into != nullptr) {
      into->push_back(tokens[i]);
    }
  }
  const std::string n = absl::StrJoin(name, " "), v = absl::StrJoin(value, " ");
  for (const OptionSpec& o : Options()) {
    if (!absl::EqualsIgnoreCase(o.name, n)) continue;
    if (const std::string why = WhyBad(o, v); !why.empty()) {
      Write(absl::StrCat("info string ignored ", o.name, " value ", Echo(v), ": ", why));
    } else if (o.set) {
      o.set(settings_, v);
    }
    return;
  }
  Error("unknown-command", absl::StrCat("setoption: no option named ", Echo(n)));
}

absl::StatusOr<std::unique_ptr<scrabble::ScrabbleState>> Session::Mirror(
    const std::string& notation, const std::vector<std::string>& moves,
    const std::string& seat) const {
  core::PositionSpec spec;
  spec.notation = notation;
  spec.moves = moves;
  spec.seat = seat;
  spec.options["end"] = settings_.end;
  return scrabble::SetupScrabble(*lexica_, spec);
}

void Session::SetPosition(const std::vector<std::string>& tokens) {
  position_.reset();
  if (tokens.size() < 2 || tokens[1] != "cgp") {
    Error("bad-position", "give position cgp <cgp> [moves <move> ...]");
    return;
  }
  std::vector<std::string> cgp_tokens, siu_moves;
  bool in_moves = false;
  for (size_t i = 2; i < tokens.size(); ++i) {
    if (tokens[i] == "moves" && !in_moves) {
      in_moves = true;
    } else {
      (in_moves ? siu_moves : cgp_tokens).push_back(tokens[i]);
    }
  }
  if (siu_moves.size() > kMaxMoves) {
    Error("bad-move", absl::StrCat(siu_moves.size(), " moves: at most ", kMaxMoves));
    return;
  }
  std::string rack;  // rack.TILES: the rack of the side to move after the moves
  if (!siu_moves.empty() && absl::StartsWithIgnoreCase(siu_moves.back(), "rack.")) {
    rack = siu_moves.back().substr(5);
    siu_moves.pop_back();
  }
  auto p = std::make_shared<Position>();
  // The lexicon: the CGP's opcode, else the option; one this engine lacks gives way to its own.
  std::string cgp = absl::StrJoin(cgp_tokens, " ");
  std::string lexicon = TakeLexicon(&cgp);
  if (lexicon.empty()) lexicon = settings_.lexicon;
  const std::string dir = settings_.data_path.empty() ? default_dir_ : settings_.data_path;
  if (lexica_ == nullptr || lexica_->dir() != dir) {
    lexica_ = std::make_unique<scrabble::LexiconStore>(dir);
  }
  const std::vector<std::string> names = lexica_->Names();
  if (std::find(names.begin(), names.end(), absl::AsciiStrToUpper(lexicon)) == names.end()) {
    const std::string fallback =
        std::find(names.begin(), names.end(), scrabble::kDefaultLexicon) != names.end()
            ? scrabble::kDefaultLexicon
        : names.empty() ? ""
                        : names.front();
    if (fallback.empty()) {
      Error("bad-position", absl::StrCat("no lexicon in ", Echo(dir), " (DataPath)"));
      return;
    }
    Error("bad-position", absl::StrCat("unknown lexicon ", Echo(lexicon), " (this engine has ",
                                       absl::StrJoin(names, ", "), "); ", fallback, " is used"));
    lexicon = fallback;
  }
  p->lexicon = absl::AsciiStrToUpper(lexicon);
  p->notation = absl::StrCat(cgp, " lex ", p->lexicon, ";");
  for (const std::string& move : siu_moves) {
    absl::StatusOr<std::string> gcg = ToPlayed(*p, move);
    if (!gcg.ok()) {
      Error("bad-move", absl::StrCat(Echo(move), " ", gcg.status().message()));
      return;
    }
    p->moves.push_back(*gcg);
  }
  absl::StatusOr<std::unique_ptr<scrabble::ScrabbleState>> state =
      Mirror(p->notation, p->moves, "");
  if (state.ok() && !rack.empty()) {
    // The rack after the moves: its tiles not yet known are what the side to move drew.
    const int seat = (*state)->position().to_move();
    const scrabble::Side& side = (*state)->position().side(seat);
    absl::StatusOr<scrabble::Rack> full = scrabble::ParseRack(rack, scrabble::kRackSize, "rack");
    if (!full.ok() || !full->Contains(side.rack) || full->size != side.size) {
      Error("bad-move",
            absl::StrCat("rack.", Echo(rack), " is not the rack of seat ", scrabble::SeatName(seat),
                         " (", side.size, " tiles", side.rack.size > 0 ? ", holding " : "",
                         scrabble::FormatRack(side.rack), ")"));
      return;
    }
    scrabble::Rack drawn = *full;
    drawn.RemoveAll(side.rack);
    if (!(*state)->position().Pool().Contains(drawn)) {
      Error("bad-move",
            absl::StrCat("rack.", Echo(rack), " holds tiles that are not left to draw"));
      return;
    }
    if (drawn.size > 0) p->moves.push_back("+" + scrabble::FormatRack(drawn));
    p->seat = scrabble::SeatName(seat);
    state = Mirror(p->notation, p->moves, p->seat);
  }
  if (!state.ok()) {
    const std::string message(state.status().message());
    Error(absl::StartsWith(message, "moves") ? "bad-move" : "bad-position", message);
    return;
  }
  p->state = *std::move(state);
  position_ = std::move(p);
}

absl::StatusOr<std::string> Session::ToPlayed(const Position& p, const std::string& move) const {
  const std::optional<int> n = UnnamedExchange(move);
  if (!n.has_value()) return ToGcg(move);
  // Tiles not named (an opponent's exchange, as front ends show it): a scoreless turn after which
  // the rack is still not known, as after a pass, when nothing of it was known before.
  absl::StatusOr<std::unique_ptr<scrabble::ScrabbleState>> before = Mirror(p.notation, p.moves, "");
  if (!before.ok()) return ToGcg(move);  // the moves before it are refused below
  const scrabble::Position& pos = (*before)->position();
  const scrabble::Side& side = pos.side(pos.to_move());
  if (side.rack.size > 0) {
    return absl::InvalidArgumentError(absl::StrCat("names no tiles, but tiles of seat ",
                                                   scrabble::SeatName(pos.to_move()),
                                                   "'s rack are known here: name them (ex.ABC)"));
  }
  if (*n < 1 || *n > side.size) {
    return absl::InvalidArgumentError(absl::StrCat("exchanges ", *n, " of a rack of ", side.size));
  }
  if (pos.bag_size() < pos.rules().exchange_min) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the bag holds ", pos.bag_size(), " tiles: an exchange needs ", pos.rules().exchange_min));
  }
  return std::string("-");
}

void Session::StartGo(const std::vector<std::string>& tokens) {
  Go go;
  size_t i = 1;
  if (i < tokens.size() && !Modes().count(tokens[i]) &&
      std::set<std::string>{"searchmoves", "alsosearchmoves", "depth", "iterations", "movetime",
                            "stopcondition", "firstwin", "useinference", "threads", "infinite"}
              .count(tokens[i]) == 0) {
    Error("unsupported-mode", absl::StrCat(Echo(tokens[i]),
                                           ": modes are gen, sim, infer, "
                                           "endgame, peg and auto"));
    return;
  }
  if (i < tokens.size() && Modes().count(tokens[i])) go.mode = Modes().at(tokens[i++]);
  if (position_ == nullptr) {
    Error("no-position", "send position cgp ... before go");
    return;
  }
  std::vector<std::string>* moves = nullptr;
  const auto number = [&](const std::string& name, int64_t lo, int64_t hi, int64_t* out) {
    int64_t n = 0;
    if (i + 1 < tokens.size() && absl::SimpleAtoi(tokens[i + 1], &n) && n >= lo && n <= hi) {
      *out = n;
      go.given.insert(name);
      ++i;
    } else {
      Write(
          absl::StrCat("info string ignored ", name, " (give a number from ", lo, " to ", hi, ")"));
    }
  };
  for (; i < tokens.size(); ++i) {
    const std::string& t = tokens[i];
    if (t == "searchmoves" || t == "alsosearchmoves") {
      moves = t == "searchmoves" ? &go.searchmoves : &go.alsosearchmoves;
      go.given.insert(t);
    } else if (t == "depth") {
      number(t, 1, 100, &go.depth);
      moves = nullptr;
    } else if (t == "iterations") {
      number(t, 1, 10'000'000, &go.iterations);
      moves = nullptr;
    } else if (t == "movetime") {
      number(t, 1, 600'000, &go.movetime);
      moves = nullptr;
    } else if (t == "threads") {
      number(t, 1, 256, &go.threads);
      moves = nullptr;
    } else if (t == "stopcondition") {
      int64_t n = 0;
      number(t, 1, 99, &n);
      go.stopcondition = static_cast<int>(n);
      moves = nullptr;
    } else if (t == "firstwin" || t == "useinference" || t == "infinite") {
      (t == "firstwin" ? go.firstwin : t == "useinference" ? go.useinference : go.infinite) = true;
      go.given.insert(t);
      moves = nullptr;
    } else if (moves != nullptr) {
      absl::StatusOr<std::string> gcg = ToGcg(t);
      if (!gcg.ok()) {
        Error("bad-move", absl::StrCat(Echo(t), " ", gcg.status().message()));
        return;
      }
      if (moves->size() < kMaxMoves) moves->push_back(*gcg);
    } else {
      Write(absl::StrCat("info string ignored ", Echo(t)));
    }
  }
  const scrabble::Position& pos = position_->state->position();
  if (go.mode == Mode::kAuto) {
    const bool both = pos.side(0).known && pos.side(1).known;
    const bool mine = pos.side(pos.to_move()).known;
    go.mode = pos.bag_size() == 0 && both                          ? Mode::kEndgame
              : pos.bag_size() >= 1 && pos.bag_size() <= 2 && mine ? Mode::kPeg
                                                                   : Mode::kSim;
  }
  // Refused here, before any line of a search: once the provenance is out, a bestmove follows.
  if (const std::string why = WhyNot(go, *position_->state); !why.empty()) {
    Error(absl::StartsWith(why, "'") ? "bad-move" : "bad-position", why);
    return;
  }
  StopSearch();  // joins the last search's thread
  interrupt_ = false;
  searching_ = true;
  search_.Start([this, go, position = position_] { RunGo(go, *position); });
}

void Session::StopSearch() {
  interrupt_ = true;
  search_.Join();
}

std::string Session::Provenance(const Position& p) const {
  const bool learned = p.state->position().leaves() != nullptr;
  return absl::StrCat("info string provenance engine=kibitzer/", service::kEngineVersion,
                      " leaves=", learned ? p.lexicon + ".leaves" : "kibitzer-hand-made",
                      " winpct=kibitzer-normal-spread lexicon=", p.lexicon);
}

void Session::RunGo(const Go& go, const Position& p) {
  Write(Provenance(p));
  if (go.mode == Mode::kInfer) {
    RunInfer(go, p);
  } else {
    RunSearch(go, p);
  }
}

void Session::RunInfer(const Go& go, const Position& p) {
  for (const char* name : {"searchmoves", "alsosearchmoves", "depth", "movetime", "stopcondition",
                           "firstwin", "useinference", "infinite", "threads"}) {
    if (go.given.count(name)) Write(absl::StrCat("info string ignored ", name));
  }
  const std::optional<scrabble::LastPlay>& last = p.state->last_play();  // checked by WhyNot
  const scrabble::Position& pos = p.state->position();
  scrabble::InferenceOptions options;
  options.trials = go.iterations > 0 ? static_cast<int>(go.iterations) : kInferTrials;
  options.seed = static_cast<uint64_t>(settings_.seed);
  scrabble::MoveGenerator gen(pos.kwg());
  const scrabble::Rack viewer =
      pos.side(pos.to_move()).known ? pos.side(pos.to_move()).rack : scrabble::Rack{};
  const scrabble::Inference inference =
      scrabble::InferLeaves(last->before, last->move, viewer, options, gen);
  std::map<std::string, int> counts;
  for (const scrabble::Rack& leave : inference.leaves) ++counts[scrabble::FormatRack(leave)];
  std::vector<std::pair<std::string, int>> ranked(counts.begin(), counts.end());
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  const double kept = static_cast<double>(inference.leaves.size());
  for (size_t i = 0; i < ranked.size() && i < static_cast<size_t>(kInferLines); ++i) {
    Write(
        absl::StrFormat("info infer leave %s prob %.4f", ranked[i].first, ranked[i].second / kept));
  }
  Write(absl::StrCat("info string infer ", inference.leaves.size(), " of ", inference.trials,
                     " racks drawn make the play the best by static equity; ", ranked.size(),
                     " distinct leaves"));
  Bestmove("none");
}

}  // namespace kibitzer::cli::siu

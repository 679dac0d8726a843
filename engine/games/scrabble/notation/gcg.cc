// GCG game records in and out.
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/core/quote.h"
#include "engine/games/scrabble/notation/notation.h"

namespace kibitzer::scrabble {
namespace {

bool IsRackToken(std::string_view t) {
  if (t.empty()) return false;
  for (char c : t) {
    if (KindOfRackChar(c) < 0) return false;
  }
  return true;
}

}  // namespace

bool LooksLikeGcg(std::string_view text) {
  const absl::string_view t =
      absl::StripLeadingAsciiWhitespace(absl::string_view(text.data(), text.size()));
  return !t.empty() && (t[0] == '#' || t[0] == '>');
}

namespace {

// One line's refusal: the field, the line's number and text, and why.
struct LineError {
  const std::string& field;
  int number;
  const std::string& line;
  absl::Status operator()(const std::string& why) const {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": line ", number, " ", core::Quote(line), ": ", why));
  }
};

// A pragma line (#player1, #player2, #lexicon, #rack1, #rack2; others carry nothing to replay);
// `*note`: whether it is a #note, which may go on over the lines after it.
absl::Status ReadPragma(const std::string& line, const LineError& bad, Gcg& gcg, bool* note) {
  std::vector<std::string> words = absl::StrSplit(absl::string_view(line).substr(1),
                                                  absl::MaxSplits(' ', 2), absl::SkipWhitespace());
  if (words.empty()) return absl::OkStatus();
  const std::string& key = words[0];
  *note = key == "note";
  if (key == "player1" || key == "player2") {
    if (words.size() < 2) return bad("a player pragma names the player: #player1 NICK Name");
    const int seat = key == "player1" ? 0 : 1;
    gcg.nicks[seat] = std::string(words[1].substr(0, 40));
    gcg.names[seat] = words.size() > 2 ? std::string(words[2].substr(0, 80)) : "";
  } else if (key == "lexicon") {
    if (words.size() < 2) return bad("#lexicon names the lexicon");
    gcg.lexicon = std::string(words[1]);
  } else if (key == "rack1" || key == "rack2") {
    if (words.size() < 2) return bad("a rack pragma gives the rack: #rack1 AEINRST");
    absl::StatusOr<Rack> rack =
        ParseRack(words[1], kRackSize, absl::StrCat(bad.field, ": line ", bad.number));
    if (!rack.ok()) return rack.status();
    gcg.final_racks[key == "rack1" ? 0 : 1] = *rack;
  }
  return absl::OkStatus();
}

// The seat of a move line's nick: a declared player's, or (players not declared) the first nick
// seen is player 1.
absl::StatusOr<int> SeatOfNick(const std::string& nick, const LineError& bad, Gcg& gcg) {
  if (nick == gcg.nicks[0] && !nick.empty()) return 0;
  if (nick == gcg.nicks[1] && !nick.empty()) return 1;
  if (gcg.nicks[0].empty() || gcg.nicks[1].empty()) {
    const int seat = gcg.nicks[0].empty() ? 0 : 1;
    gcg.nicks[seat] = std::string(nick.substr(0, 40));
    return seat;
  }
  return bad(absl::StrCat("the nick ", core::Quote(nick), " is neither ", core::Quote(gcg.nicks[0]),
                          " nor ", core::Quote(gcg.nicks[1])));
}

// The words after the nick: [RACK] MOVE [POSITION] +SCORE TOTAL.
absl::Status ReadMoveWords(const std::vector<std::string>& words, const LineError& bad,
                           GcgLine& g) {
  if (words.size() < 3) return bad("a move line is >NICK: RACK MOVE +SCORE TOTAL");
  size_t w = 0;
  if (IsRackToken(words[0]) && words.size() >= 4) {
    absl::StatusOr<Rack> rack =
        ParseRack(words[0], kRackSize, absl::StrCat(bad.field, ": line ", bad.number));
    if (!rack.ok()) return rack.status();
    g.rack = *rack;
    w = 1;
  }
  const size_t rest = words.size() - w;
  if (rest == 3) {
    g.move = std::string(words[w]);
  } else if (rest == 4) {
    g.move = absl::StrCat(words[w], " ", words[w + 1]);
  } else {
    return bad("a move line is >NICK: RACK MOVE +SCORE TOTAL");
  }
  if (g.move == "--") {
    g.kind = GcgLine::kWithdrawn;
  } else if (g.move == "(challenge)") {
    g.kind = GcgLine::kChallengeBonus;
  } else if (g.move == "(time)") {
    g.kind = GcgLine::kTimePenalty;
  } else if (g.move.size() >= 2 && g.move.front() == '(' && g.move.back() == ')') {
    g.kind = GcgLine::kEnd;
  }
  const std::string& score = words[words.size() - 2];
  if (score.empty() || (score[0] != '+' && score[0] != '-') ||
      !absl::SimpleAtoi(score.substr(1), &g.score) || g.score < 0 || g.score > 100000) {
    return bad(absl::StrCat("the score ", core::Quote(score), " is not +N or -N"));
  }
  if (score[0] == '-') g.score = -g.score;
  if (!absl::SimpleAtoi(words.back(), &g.total) || g.total < -100000 || g.total > 100000) {
    return bad(absl::StrCat("the total ", core::Quote(words.back()), " is not a number"));
  }
  return absl::OkStatus();
}

// A move line: >NICK: RACK MOVE +SCORE TOTAL.
absl::StatusOr<GcgLine> ReadMoveLine(const std::string& line, const LineError& bad, Gcg& gcg) {
  if (line[0] != '>') return bad("a move line starts with '>' and a pragma with '#'");
  const size_t colon = line.find(':');
  if (colon == std::string_view::npos) return bad("a move line is >NICK: RACK MOVE +SCORE TOTAL");
  const std::string nick(absl::StripAsciiWhitespace(absl::string_view(line).substr(1, colon - 1)));
  GcgLine g;
  g.number = bad.number;
  absl::StatusOr<int> seat = SeatOfNick(nick, bad, gcg);
  if (!seat.ok()) return seat.status();
  g.seat = *seat;
  const std::vector<std::string> words =
      absl::StrSplit(absl::string_view(line).substr(colon + 1), ' ', absl::SkipWhitespace());
  if (absl::Status s = ReadMoveWords(words, bad, g); !s.ok()) return s;
  return g;
}

}  // namespace

absl::StatusOr<Gcg> ParseGcg(std::string_view text, const std::string& field) {
  Gcg gcg;
  int number = 0;
  bool in_note = false;
  for (const absl::string_view raw :
       absl::StrSplit(absl::string_view(text.data(), text.size()), '\n')) {
    ++number;
    const std::string line(absl::StripAsciiWhitespace(raw));
    const LineError bad{field, number, line};
    if (line.empty()) continue;
    // A #note may go on over the lines after it, up to the next pragma or move.
    if (line[0] != '#' && line[0] != '>' && in_note) continue;
    in_note = false;
    if (line[0] == '#') {
      if (absl::Status s = ReadPragma(line, bad, gcg, &in_note); !s.ok()) return s;
      continue;
    }
    absl::StatusOr<GcgLine> g = ReadMoveLine(line, bad, gcg);
    if (!g.ok()) return g.status();
    gcg.lines.push_back(*std::move(g));
    if (gcg.lines.size() > 1000) return bad("more than 1000 moves");
  }
  if (gcg.lines.empty() && gcg.nicks[0].empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": a GCG record has no moves or players"));
  }
  return gcg;
}

std::string FormatGcg(const Position& pos, const std::array<std::string, 2>& nicks) {
  std::string out = "#character-encoding UTF-8\n";
  for (int seat = 0; seat < 2; ++seat) {
    const std::string nick = nicks[seat].empty() ? absl::StrCat("p", seat + 1) : nicks[seat];
    absl::StrAppend(&out, "#player", seat + 1, " ", nick, " ", nick, "\n");
  }
  absl::StrAppend(&out, "#lexicon ", pos.lexicon(), "\n");
  for (const RecordLine& l : pos.record()) {
    const std::string nick = nicks[l.seat].empty() ? absl::StrCat("p", l.seat + 1) : nicks[l.seat];
    absl::StrAppend(&out, ">", nick, ": ", l.rack, l.rack.empty() ? "" : " ", l.move, " ",
                    l.score >= 0 ? "+" : "", l.score, " ", l.total, "\n");
  }
  if (!pos.over()) {
    for (int seat = 0; seat < 2; ++seat) {
      if (pos.side(seat).known) {
        absl::StrAppend(&out, "#rack", seat + 1, " ", FormatRack(pos.side(seat).rack), "\n");
      }
    }
  }
  return out;
}

}  // namespace kibitzer::scrabble

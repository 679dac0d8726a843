// kibitz review: a played game's moves, each valued against the best move at that point.
#include <cstdio>
#include <fstream>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/strip.h"
#include "clients/cli/commands.h"
#include "clients/cli/output.h"

namespace kibitzer::cli {
namespace {

// A value with the unit's word: "9 tricks", "54.0%", "+12 spread".
std::string Value(double v, pb::ValueUnit unit) {
  switch (unit) {
    case pb::VALUE_UNIT_PROBABILITY:
      return absl::StrFormat("%.1f%%", 100 * v);
    case pb::VALUE_UNIT_TRICKS:
      return absl::StrFormat("%.4g tricks", v);
    case pb::VALUE_UNIT_OUTCOME:
      return v >= 1 ? "win" : v <= -1 ? "loss" : v == 0 ? "draw" : absl::StrFormat("%.3g", v);
    default:
      return absl::StrFormat(
          "%.4g %s", v,
          absl::AsciiStrToLower(absl::StripPrefix(pb::ValueUnit_Name(unit), "VALUE_UNIT_")));
  }
}

void PrintReview(const pb::MoveReview& m) {
  std::string line = absl::StrFormat("%4d  %-3s %-16s", m.index() + 1, m.seat(), m.played());
  if (!m.valued()) {
    absl::StrAppend(&line, " -  ", m.note());
  } else if (m.grade() == "best") {
    absl::StrAppend(&line, " best        ", Value(m.played_value().value(), m.unit()));
  } else {
    absl::StrAppend(
        &line, absl::StrFormat(" %-6s %-16s %s instead of %s", m.grade(), "best " + m.best().move(),
                               Value(m.played_value().value(), m.unit()),
                               Value(m.best().value(), m.unit())));
  }
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

}  // namespace

absl::StatusOr<std::string> ReviewFileOf(CommandOptions& o) {
  // `kibitz review FILE`: a single word naming a file is the record; its extension may say the
  // game when --game was not given.
  if (o.notation.find_first_of(" \n") != std::string::npos || o.notation.empty()) return "";
  std::ifstream probe(o.notation);
  if (!probe) return "";
  const std::string path = o.notation;
  absl::StatusOr<std::string> text = ReadTextFile(path, "position");
  if (!text.ok()) return text.status();
  o.notation = *text;
  return path;
}

namespace {

// Reviews one game (o.notation) and prints it.
int ReviewOne(Transport& t, const CommandOptions& o, const ReviewFlags& flags,
              const std::atomic<bool>* interrupt, const std::string& where) {
  absl::StatusOr<pb::PositionRef> ref = MakeRef(o);
  if (!ref.ok()) return Fail(ref.status());
  pb::ReviewRequest request;
  *request.mutable_position() = *std::move(ref);
  request.set_reviewed_seat(flags.reviewed_seat);
  request.set_from_move(flags.from_move);
  if (absl::Status s = FillSearchFields(o, &request); !s.ok()) return Fail(s);
  int printed = 0;
  absl::StatusOr<pb::SearchReport> last = t.Review(
      request,
      [&](const pb::SearchReport& r) {
        if (o.json) {
          PrintJson(r);
          return;
        }
        // Each move once, as soon as a report carries it.
        for (; printed < r.reviews_size(); ++printed) PrintReview(r.reviews(printed));
      },
      interrupt);
  if (!last.ok()) {
    return Fail(absl::Status(last.status().code(), absl::StrCat(where, last.status().message())));
  }
  if (!o.json) {
    int graded[4] = {0, 0, 0, 0};
    const char* names[4] = {"best", "small", "medium", "large"};
    for (const pb::MoveReview& m : last->reviews()) {
      for (int g = 0; g < 4; ++g) graded[g] += m.grade() == names[g];
    }
    std::printf("%d of %d moves reviewed (%s): best %d, small %d, medium %d, large %d\n",
                last->reviews_size(), last->review_total(),
                absl::AsciiStrToLower(
                    absl::StripPrefix(pb::StopReason_Name(last->stop_reason()), "STOP_REASON_"))
                    .c_str(),
                graded[0], graded[1], graded[2], graded[3]);
  }
  return last->stop_reason() == pb::STOP_REASON_ERROR ? 1 : 0;
}

}  // namespace

int RunReview(Transport& t, CommandOptions o, const ReviewFlags& flags,
              const std::atomic<bool>* interrupt) {
  absl::StatusOr<std::string> file = ReviewFileOf(o);
  if (!file.ok()) return Fail(file.status());
  if (o.game == "tictactoe" && !file->empty()) {  // the default: the file's kind says the game
    if (absl::EndsWithIgnoreCase(*file, ".gcg")) o.game = "scrabble";
    if (absl::EndsWithIgnoreCase(*file, ".pbn") || absl::EndsWithIgnoreCase(*file, ".lin")) {
      o.game = "bridge";
    }
  }
  if (o.game != "bridge" || !o.position_id.empty()) {
    return ReviewOne(t, o, flags, interrupt, "");
  }
  // A bridge file of several boards: each reviewed in turn.
  return EachRecordBoard(o.notation, o.json,
                         [&](const std::string& record, const std::string& where) {
                           CommandOptions one = o;
                           one.notation = record;
                           return ReviewOne(t, one, flags, interrupt, where);
                         });
}

}  // namespace kibitzer::cli

// kibitz's bridge commands: tables and par, batch solving in the reference files' line formats,
// play analysis, and PBN files rewritten with their double-dummy results.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "clients/cli/batch.h"
#include "clients/cli/bbo_link.h"
#include "clients/cli/commands.h"
#include "clients/cli/output.h"
#include "engine/games/bridge/records/pbn.h"
#include "engine/games/bridge/records/record.h"

namespace kibitzer::cli {
namespace {

// Requests are sent in chunks so a big file needs no huge message and shows steady progress.
constexpr int kChunk = 50;
constexpr const char* kStrains[5] = {"S", "H", "D", "C", "NT"};

absl::StatusOr<std::string> ReadFile(const std::string& path) { return ReadTextFile(path, "file"); }

// The lines of a batch file that hold data: not empty, not '#' comments.
std::vector<std::string> DataLines(const std::string& text) {
  std::vector<std::string> out;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    line = absl::StripTrailingAsciiWhitespace(line);
    if (!line.empty() && line[0] != '#') out.emplace_back(line);
  }
  return out;
}

// The boards of a LIN file: a line that holds a deal (md|) starts a board, and the lines after it
// that hold none go on with it.
std::vector<std::string> LinBoards(const std::string& text) {
  std::vector<std::string> boards;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    if (line.empty()) continue;
    if (absl::StrContains(line, "md|") || boards.empty()) {
      boards.emplace_back(line);
    } else {
      absl::StrAppend(&boards.back(), line);
    }
  }
  return boards;
}

void PrintTable(const pb::DoubleDummyTable& t) {
  std::printf("%s\n       N   E   S   W\n", t.deal().c_str());
  for (int strain : {4, 0, 1, 2, 3}) {
    std::printf("  %-2s", kStrains[strain]);
    for (int d = 0; d < 4; ++d) std::printf("  %2d", t.tricks(strain * 4 + d));
    std::printf("\n");
  }
  std::printf("par %d (dealer %s, vulnerable %s): %s\n", t.par_score(), t.dealer().c_str(),
              t.vulnerable().c_str(), absl::StrJoin(t.par_contracts(), ", ").c_str());
}

// A table as a line of dd_tables_public.txt: deal, the 20 tricks, par score, par contracts.
std::string TableLine(const pb::DoubleDummyTable& t) {
  return absl::StrCat(t.deal(), "\t", absl::StrJoin(t.tricks(), " "), "\t", t.par_score(), "\t",
                      absl::StrJoin(t.par_contracts(), ","));
}

std::string TableLink(const pb::DoubleDummyTable& t) {
  return HandViewerUrl(t.deal(), t.dealer(), t.vulnerable());
}

// A batch of `items` lines, spread over the servers, written to --output (continued where it
// stopped, if the output is this input's with these settings: `input` and the command's settings
// make its signature) or stdout.
int RunLines(Transport& t, const CommandOptions& o, const std::string& command,
             const std::vector<std::string>& input, const SendChunk& send) {
  const size_t items = input.size();
  BatchOptions b{.items = items,
                 .chunk_size = kChunk,
                 .progress = isatty(STDERR_FILENO) != 0,
                 .in_flight = o.in_flight,
                 .skip_bad = o.skip_bad};
  std::string signature;
  KeptLines kept;
  if (!o.output.empty()) {
    absl::StatusOr<size_t> done = OpenResumable(o.output, &b.out);
    if (!done.ok()) return Fail(done.status());
    signature = absl::StrCat(
        "kibitz ", command, " items=", items, " dealer=", o.dealer.empty() ? "-" : o.dealer,
        " vul=", o.vulnerable.empty() ? "-" : o.vulnerable, " json=", o.json, " link=", o.link,
        " skip-bad=", o.skip_bad, " input=", Digest(absl::StrJoin(input, "\n")));
    if (absl::Status s = CheckResumable(o.output, signature, *done); !s.ok()) {
      std::fclose(b.out);
      return Fail(s);
    }
    b.done = std::min(*done, items);
    kept = LoadKept(o.output, signature);
    if (b.done > 0) {
      std::fprintf(
          stderr, "kibitz: %s holds %zu results%s; going on from there\n", o.output.c_str(), b.done,
          kept.empty() ? "" : absl::StrCat(" (and ", kept.size(), " later ones kept)").c_str());
    }
  }
  std::vector<Transport*> transports = o.spread;
  if (transports.empty()) transports.push_back(&t);
  // With an output file, the work done after a chunk the servers failed is kept for the next run.
  absl::Status status = RunBatch(transports, b, send, o.output.empty() ? nullptr : &kept);
  if (b.out != stdout) std::fclose(b.out);
  if (!o.output.empty()) {
    if (absl::Status s = SaveKept(o.output, signature, kept); !s.ok()) return Fail(s);
    if (!kept.empty()) {
      status = absl::Status(status.code(),
                            absl::StrCat(status.message(), " (", kept.size(),
                                         " results after it are kept in ", o.output,
                                         ".kibitz-kept: run the same command again to send only "
                                         "the rest)"));
    }
  }
  return status.ok() ? 0 : Fail(status);
}

}  // namespace

int RunTable(Transport& t, const CommandOptions& o) {
  std::vector<std::string> deals;
  const bool batch = !o.file.empty();
  if (batch) {
    absl::StatusOr<std::string> text = ReadFile(o.file);
    if (!text.ok()) return Fail(text.status());
    // One deal per line; fields after the first (tab-separated) are ignored.
    for (const std::string& line : DataLines(*text)) {
      deals.push_back(line.substr(0, line.find('\t')));
    }
  } else if (!o.notation.empty()) {
    deals.push_back(o.notation);
  } else {
    return Fail(absl::InvalidArgumentError(
        "table: give a deal (\"N:AKQ2.AQ6.J64.J53 ...\", a PBN game or LIN) or --file"));
  }
  const auto request_of = [&](const Chunk& c) {
    pb::SolveTablesRequest request;
    request.set_dealer(o.dealer);
    request.set_vulnerable(o.vulnerable);
    for (size_t i = c.begin; i < c.end; ++i) request.add_deals(deals[i]);
    return request;
  };
  if (!batch) {
    absl::StatusOr<pb::SolveTablesResponse> r = t.SolveTables(request_of({0, 1}));
    if (!r.ok()) return Fail(r.status());
    for (const pb::DoubleDummyTable& table : r->tables()) {
      if (o.json) {
        PrintJson(table);
        continue;
      }
      PrintTable(table);
      if (o.link) std::printf("link: %s\n", TableLink(table).c_str());
    }
    return 0;
  }
  return RunLines(
      t, o, "table", deals, [&](Transport& to, const Chunk& c) -> absl::StatusOr<std::string> {
        absl::StatusOr<pb::SolveTablesResponse> r = to.SolveTables(request_of(c));
        if (!r.ok()) {
          std::string message(r.status().message());
          const size_t open = message.find('['), close = message.find(']');
          if (r.status().code() == absl::StatusCode::kInvalidArgument &&
              message.rfind("deals[", 0) == 0 && close != std::string::npos) {
            // Name the line of the file rather than the index in the chunk.
            const int index = std::stoi(message.substr(open + 1, close - open - 1));
            return absl::InvalidArgumentError(
                absl::StrCat("--file: deal ", c.begin + index + 1, message.substr(close + 1)));
          }
          return r.status();
        }
        std::string out;
        for (const pb::DoubleDummyTable& table : r->tables()) {
          // --link adds the URL as a fifth field.
          absl::StrAppend(&out, o.json ? JsonLine(table) : TableLine(table));
          if (o.link && !o.json) absl::StrAppend(&out, "\t", TableLink(table));
          out += '\n';
        }
        return out;
      });
}

int RunSolve(Transport& t, const CommandOptions& o) {
  if (o.file.empty()) {
    return Fail(absl::InvalidArgumentError(
        "solve: --file with one position per line in the layout of dd_solveboard_public.txt "
        "(remaining cards, trump, cards on the table or '-', leader); for one position use "
        "analyze --game=bridge"));
  }
  absl::StatusOr<std::string> text = ReadFile(o.file);
  if (!text.ok()) return Fail(text.status());
  const std::vector<std::string> lines = DataLines(*text);
  std::vector<pb::Position> positions;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string where = absl::StrCat("--file: line ", i + 1);
    std::vector<std::string> f = absl::StrSplit(lines[i], '\t');
    if (f.size() < 4) {
      return Fail(absl::InvalidArgumentError(absl::StrCat(
          where, ": needs 4 tab-separated fields (cards, trump, table, leader), found ",
          f.size())));
    }
    // The file gives the cards left (the table's cards not among them); the engine takes the
    // hands at the start of the trick and the table's cards as moves.
    absl::StatusOr<bridge::Hands> hands =
        bridge::ParsePbnDeal(f[0], absl::StrCat(where, ": cards"), /*allow_unequal=*/true);
    if (!hands.ok()) return Fail(hands.status());
    const std::optional<int> leader = bridge::ParseSeat(f[3]);
    if (!leader) {
      return Fail(absl::InvalidArgumentError(
          absl::StrCat(where, ": leader: '", f[3], "' is not a seat (N, E, S, W)")));
    }
    pb::Position p;
    p.set_game("bridge");
    (*p.mutable_options())["trump"] = f[1];
    (*p.mutable_options())["leader"] = f[3];
    if (f[2] != "-") {
      int k = 0;
      for (absl::string_view c : absl::StrSplit(f[2], ' ', absl::SkipEmpty())) {
        const std::optional<int> card = bridge::ParseCard(c);
        if (!card) {
          return Fail(
              absl::InvalidArgumentError(absl::StrCat(where, ": table: '", c, "' is not a card")));
        }
        (*hands)[(*leader + k++) & 3].Add(*card);
        p.add_moves(std::string(c));
      }
    }
    p.set_notation(bridge::FormatPbnDeal(*hands));
    positions.push_back(p);
  }
  return RunLines(
      t, o, "solve", lines, [&](Transport& to, const Chunk& c) -> absl::StatusOr<std::string> {
        pb::SolveBoardsRequest request;
        for (size_t i = c.begin; i < c.end; ++i) *request.add_positions() = positions[i];
        absl::StatusOr<pb::SolveBoardsResponse> r = to.SolveBoards(request);
        if (!r.ok()) return r.status();
        std::string out;
        for (int i = 0; i < r->boards_size(); ++i) {
          if (o.json) {
            absl::StrAppend(&out, JsonLine(r->boards(i)), "\n");
            continue;
          }
          std::vector<std::string> values;
          for (const pb::CardValue& card : r->boards(i).cards()) {
            values.push_back(absl::StrCat(card.card(), ":", card.tricks()));
          }
          // The input line's first four fields, then ours.
          std::vector<std::string> f = absl::StrSplit(lines[c.begin + i], '\t');
          f.resize(4);
          absl::StrAppend(&out, absl::StrJoin(f, "\t"), "\t", absl::StrJoin(values, " "), "\n");
        }
        return out;
      });
}

namespace {

// One game's analysis, printed; its error otherwise, after `where` (the caller goes on with the
// next game).
int AnalyseOnePlay(Transport& t, const CommandOptions& o, const std::string& record,
                   const std::string& where = "") {
  pb::AnalyzePlayRequest request;
  request.set_record(record);
  absl::StatusOr<pb::AnalyzePlayResponse> r = t.AnalyzePlay(request);
  if (!r.ok()) {
    return Fail(absl::Status(r.status().code(), absl::StrCat(where, r.status().message())));
  }
  if (o.json) {
    PrintJson(*r);
    return 0;
  }
  std::printf("%s by %s: %d tricks double-dummy before the lead\n", r->contract().c_str(),
              r->declarer().c_str(), r->start_tricks());
  int lost_declarer = 0, lost_defence = 0;
  for (int i = 0; i < r->cards_size(); ++i) {
    const pb::PlayedCard& c = r->cards(i);
    const bool declaring =
        (c.seat() == r->declarer()) ||
        ((c.seat() == "N" || c.seat() == "S") == (r->declarer() == "N" || r->declarer() == "S"));
    (declaring ? lost_declarer : lost_defence) += c.cost();
    std::printf(
        "trick %2d  %s %-3s  %2d -> %2d%s\n", i / 4 + 1, c.seat().c_str(), c.card().c_str(),
        c.tricks_before(), c.tricks_after(),
        c.cost() > 0
            ? absl::StrCat("   cost ", c.cost(), c.cost() > 1 ? " tricks" : " trick").c_str()
            : "");
  }
  std::printf("tricks given away: declarer's side %d, defenders %d\n", lost_declarer, lost_defence);
  if (r->claimed()) {
    // The claimed tricks are the table's result; double dummy says what they were worth.
    const int over = r->claim_tricks() - r->claim_double_dummy();
    std::printf("claim: declarer's side %d tricks in all (double dummy from the claim: %d)%s\n",
                r->claim_tricks(), r->claim_double_dummy(),
                over > 0   ? absl::StrCat("; the defenders conceded ", over).c_str()
                : over < 0 ? absl::StrCat("; declarer's side conceded ", -over).c_str()
                           : "");
  }
  return 0;
}

}  // namespace

absl::StatusOr<std::vector<RecordBoard>> RecordBoards(const std::string& text) {
  std::vector<RecordBoard> out;
  // A LIN file of several boards (BBO's downloads: a record a line, each starting with its deal,
  // md|), or a PBN file of several games (each written out on its own, the tags it inherits from
  // the games before included); a single game as it is.
  if (absl::StrContains(text, "md|")) {
    const std::vector<std::string> boards = LinBoards(text);
    if (boards.size() <= 1) return std::vector<RecordBoard>{{"", text, absl::OkStatus()}};
    for (size_t i = 0; i < boards.size(); ++i) {
      out.push_back({absl::StrCat("game ", i + 1), boards[i], absl::OkStatus()});
    }
    return out;
  }
  if (!bridge::LooksLikeRecord(text)) return std::vector<RecordBoard>{{"", text, absl::OkStatus()}};
  absl::StatusOr<std::vector<bridge::PbnGame>> games = bridge::ParsePbnGamesEach(text, "--file");
  if (!games.ok()) return games.status();
  if (games->size() == 1) return std::vector<RecordBoard>{{"", text, absl::OkStatus()}};
  for (size_t i = 0; i < games->size(); ++i) {
    const bridge::PbnGame& g = (*games)[i];
    std::string title = absl::StrCat("game ", i + 1);
    if (g.record.ok()) {
      const auto it = g.record->tags.find("Board");
      if (it != g.record->tags.end()) absl::StrAppend(&title, " (board ", it->second, ")");
    }
    out.push_back(
        {title, g.record.ok() ? bridge::FormatPbnGame(*g.record) : "", g.record.status()});
  }
  return out;
}

int EachRecordBoard(const std::string& text, bool json,
                    const std::function<int(const std::string&, const std::string&)>& run) {
  absl::StatusOr<std::vector<RecordBoard>> boards = RecordBoards(text);
  if (!boards.ok()) return Fail(boards.status());
  if (boards->size() == 1) return run((*boards)[0].text, "");
  int worst = 0;
  for (size_t i = 0; i < boards->size(); ++i) {
    const RecordBoard& b = (*boards)[i];
    if (!json) {
      std::printf("%s%s\n", i > 0 ? "\n" : "", b.title.c_str());
      std::fflush(stdout);
    }
    worst = std::max(worst, b.error.ok() ? run(b.text, absl::StrCat("--file: game ", i + 1, ": "))
                                         : Fail(b.error));
  }
  return worst;
}

int RunPlay(Transport& t, const CommandOptions& o) {
  if (o.file.empty()) return AnalyseOnePlay(t, o, o.notation);
  absl::StatusOr<std::string> text = ReadFile(o.file);
  if (!text.ok()) return Fail(text.status());
  // Each game analysed in turn; a game that cannot be analysed is reported, the others still are.
  return EachRecordBoard(*text, o.json, [&](const std::string& record, const std::string& where) {
    return AnalyseOnePlay(t, o, record, where);
  });
}

int RunPbn(Transport& t, const CommandOptions& o) {
  if (o.file.empty()) return Fail(absl::InvalidArgumentError("pbn: --file with PBN games"));
  absl::StatusOr<std::string> text = ReadFile(o.file);
  if (!text.ok()) return Fail(text.status());
  absl::StatusOr<std::vector<bridge::PbnGame>> games = bridge::ParsePbnGamesEach(*text, "--file");
  if (!games.ok()) return Fail(games.status());
  // Games that cannot have results (a hand not known, a game that does not make sense) are
  // copied as they are, with a word on stderr; a malformed one makes the exit status 2.
  int status = 0;
  std::vector<size_t> solvable;
  for (size_t i = 0; i < games->size(); ++i) {
    const bridge::PbnGame& g = (*games)[i];
    if (!g.record.ok()) {
      std::fprintf(stderr, "kibitz: %s; copied without results\n",
                   std::string(g.record.status().message()).c_str());
      status = 2;
    } else if (g.record->known != 0xF) {
      std::fprintf(stderr,
                   "kibitz: --file: game %zu: Deal: a hand is not known; copied without results\n",
                   i + 1);
    } else {
      solvable.push_back(i);
    }
  }
  // The tables come in chunks; the games go out in file order, each once its table is known.
  size_t next = 0;     // the next game to print
  size_t results = 0;  // the next of `solvable` to print
  auto print_until = [&](size_t end, const pb::SolveTablesResponse* r, size_t first) {
    for (; next < end; ++next) {
      const bridge::PbnGame& g = (*games)[next];
      const bool solved = results < solvable.size() && solvable[results] == next;
      for (absl::string_view line : absl::StrSplit(g.text, '\n', absl::SkipEmpty())) {
        // The game as given, less any old results, then the new ones.
        if (solved && (absl::StartsWith(line, "[OptimumResultTable") ||
                       absl::StartsWith(line, "[OptimumScore"))) {
          continue;
        }
        std::printf("%s\n", std::string(line).c_str());
      }
      if (solved) {
        const pb::DoubleDummyTable& table = r->tables(static_cast<int>(results++ - first));
        std::printf("[OptimumScore \"NS %d\"]\n", table.par_score());
        std::printf("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n");
        for (int d : {0, 1, 2, 3}) {
          for (int strain : {4, 0, 1, 2, 3}) {
            std::printf("%c %s %d\n", bridge::SeatChar(d), kStrains[strain],
                        table.tricks(strain * 4 + d));
          }
        }
      }
      std::printf("\n");
    }
    std::fflush(stdout);
  };
  for (size_t start = 0; start < solvable.size(); start += kChunk) {
    pb::SolveTablesRequest request;
    const size_t end = std::min(solvable.size(), start + kChunk);
    for (size_t k = start; k < end; ++k) {
      const bridge::GameRecord& g = *(*games)[solvable[k]].record;
      // The deal with the game's own dealer and vulnerability (par), as a small record.
      request.add_deals(
          absl::StrCat("[Deal \"", bridge::FormatPbnDeal(g.deal), "\"]\n[Dealer \"",
                       std::string(1, bridge::SeatChar(g.dealer.value_or(bridge::kNorth))),
                       "\"]\n[Vulnerable \"", bridge::VulnerabilityName(g.vulnerability), "\"]\n"));
    }
    absl::StatusOr<pb::SolveTablesResponse> r = t.SolveTables(request);
    if (!r.ok()) return Fail(r.status());
    // Every game before the chunk's last one, the ones without results included.
    print_until(solvable[end - 1] + 1, &*r, start);
  }
  print_until(games->size(), nullptr, 0);
  return status;
}

}  // namespace kibitzer::cli

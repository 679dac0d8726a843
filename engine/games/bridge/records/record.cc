#include "engine/games/bridge/records/record.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/core/quote.h"

namespace kibitzer::bridge {
namespace {

absl::Status Bad(absl::string_view field, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat(field, ": ", why));
}

std::string Seat(int seat) { return std::string(1, SeatChar(seat)); }

// "Pass", "X", "XX" or a bid "1C".."7NT"; nullopt for anything else (notes, NAGs are not calls).
std::optional<std::string> NormalizeCall(absl::string_view token) {
  std::string t = absl::AsciiStrToUpper(token);
  while (!t.empty() && (t.back() == '!' || t.back() == '?')) t.pop_back();  // alerts
  if (t == "PASS" || t == "P") return "Pass";
  if (t == "X" || t == "DBL" || t == "D") return "X";
  if (t == "XX" || t == "RDBL" || t == "R") return "XX";
  if (t.size() >= 2 && t[0] >= '1' && t[0] <= '7') {
    const std::optional<int> strain = ParseStrain(t.substr(1));
    if (strain) {
      return absl::StrCat(t.substr(0, 1),
                          *strain == kNoTrump ? "NT" : std::string(1, SuitChar(*strain)));
    }
  }
  return std::nullopt;
}

// Replays `cards` (play order) from the deal: each must be held by the seat to play and follow
// suit when it can. A seat whose hand is unknown (not in `known`) may play any card no known hand
// holds and no one has played.
absl::StatusOr<PlayPosition> Replay(const Hands& deal, uint8_t known, int trump, int leader,
                                    const std::vector<int>& cards, absl::string_view field) {
  CardSet played;
  PlayPosition p;
  p.hands = deal;
  p.trump = trump;
  p.leader = leader;
  for (size_t i = 0; i < cards.size(); ++i) {
    const int trick = static_cast<int>(i / 4) + 1;
    const std::string at = absl::StrCat(field, ": trick ", trick, ": ");
    if (p.Finished())
      return absl::InvalidArgumentError(absl::StrCat(at, "every card has been played"));
    const int seat = p.ToMove();
    const int card = cards[i];
    if (!(known >> seat & 1)) {
      bool elsewhere = played.Contains(card);
      for (int s = 0; s < 4; ++s) elsewhere = elsewhere || deal[s].Contains(card);
      if (elsewhere) {
        return absl::InvalidArgumentError(absl::StrCat(
            at, Seat(seat), " plays the ", CardName(card), " but ",
            played.Contains(card) ? "it has been played already" : "another hand holds it"));
      }
      played.Add(card);
      p.Play(card);
      continue;
    }
    if (!p.hands[seat].Contains(card)) {
      bool played_before = true;
      for (const CardSet& h : p.hands) played_before = played_before && !h.Contains(card);
      return absl::InvalidArgumentError(
          absl::StrCat(at, Seat(seat), " plays the ", CardName(card), " but ",
                       played_before ? "it has been played already" : "does not hold it"));
    }
    if (!p.LegalCards().Contains(card)) {
      return absl::InvalidArgumentError(
          absl::StrCat(at, Seat(seat), " plays the ", CardName(card), " but holds ",
                       std::string(1, SuitChar(SuitOf(p.table[0]))), ", the suit led (a revoke)"));
    }
    played.Add(card);
    p.Play(card);
  }
  return p;
}

struct RawGame {
  std::map<std::string, std::string> tags;
  std::map<std::string, std::vector<std::string>> sections;  // tokens after a tag
  int line = 0;
  std::string text;  // the original lines
};

// Removes {comments} and ; comments; keeps line breaks so line numbers stay right.
std::string StripComments(absl::string_view text) {
  std::string out;
  bool brace = false, semicolon = false;
  for (char c : text) {
    if (c == '\n') {
      semicolon = false;
      out += c;
      continue;
    }
    if (brace) {
      if (c == '}') brace = false;
      continue;
    }
    if (semicolon) continue;
    if (c == '{') {
      brace = true;
    } else if (c == ';') {
      semicolon = true;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

bool LooksLikeRecord(absl::string_view text) {
  if (absl::StrContains(text, "md|")) return true;
  const std::string clean = StripComments(text);
  for (absl::string_view line : absl::StrSplit(clean, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line[0] == '%') continue;
    return line[0] == '[';
  }
  return false;
}

namespace {

absl::StatusOr<std::vector<RawGame>> SplitPbn(absl::string_view text, absl::string_view field) {
  std::vector<RawGame> games;
  RawGame current;
  std::string last_tag;
  int line_no = 0;
  auto finish = [&] {
    if (!current.tags.empty()) games.push_back(std::move(current));
    current = RawGame{};
    last_tag.clear();
  };
  const std::string clean = StripComments(text);
  const std::vector<absl::string_view> original = absl::StrSplit(text, '\n');
  for (absl::string_view line : absl::StrSplit(clean, '\n')) {
    ++line_no;
    if (!absl::StripAsciiWhitespace(line).empty() || !current.tags.empty()) {
      if (static_cast<size_t>(line_no) <= original.size() &&
          !absl::StripAsciiWhitespace(line).empty()) {
        absl::StrAppend(&current.text, original[line_no - 1], "\n");
      }
    }
    line = absl::StripAsciiWhitespace(line);
    if (line.empty()) {
      finish();
      continue;
    }
    if (line[0] == '%') continue;  // escape lines (directives)
    if (line[0] == '[') {
      // [Name "Value"]
      const size_t quote = line.find('"');
      const size_t end_quote = line.rfind('"');
      if (line.back() != ']' || quote == absl::string_view::npos || end_quote <= quote) {
        return Bad(field, absl::StrCat("line ", line_no, ": '", line,
                                       "' is not a tag (expected [Name \"value\"])"));
      }
      const std::string name(absl::StripAsciiWhitespace(line.substr(1, quote - 1)));
      if (name.empty()) return Bad(field, absl::StrCat("line ", line_no, ": a tag without a name"));
      if (current.tags.empty()) current.line = line_no;
      current.tags[name] = std::string(line.substr(quote + 1, end_quote - quote - 1));
      last_tag = name;
      continue;
    }
    if (last_tag.empty()) {
      return Bad(field, absl::StrCat("line ", line_no, ": '", line, "' comes before any tag"));
    }
    for (absl::string_view token :
         absl::StrSplit(line, absl::ByAnyChar(" \t"), absl::SkipEmpty())) {
      current.sections[last_tag].emplace_back(token);
    }
  }
  finish();
  return games;
}

// Fills contract and declarer from the auction when it is over, checking them against the tags.
absl::Status SettleContract(GameRecord& r, absl::string_view field) {
  if (r.auction.empty() || !r.dealer) return absl::OkStatus();
  absl::StatusOr<std::optional<AuctionResult>> result = RunAuction(r.auction, *r.dealer, field);
  if (!result.ok()) return result.status();
  if (!result->has_value()) return absl::OkStatus();
  const AuctionResult& a = **result;
  if (r.contract) {
    const Contract& c = *r.contract;
    if (c.level != a.contract.level || c.strain != a.contract.strain ||
        c.doubled != a.contract.doubled) {
      return Bad(field, absl::StrCat("the contract is ", FormatContract(c),
                                     " but the auction ends in ", FormatContract(a.contract)));
    }
  }
  if (r.declarer && !a.contract.passed_out() && *r.declarer != a.declarer) {
    return Bad(field, absl::StrCat("the declarer is ", Seat(*r.declarer), " but the auction makes ",
                                   Seat(a.declarer), " declarer"));
  }
  r.contract = a.contract;
  if (!a.contract.passed_out()) r.declarer = a.declarer;
  return absl::OkStatus();
}

// Game `index` of `games`; a tag it leaves out or gives as "#" is the game before's, and so on
// back.
// A game's tags, a "#" or a missing tag taking the value of the games before it (PBN's copy rule).
class PbnTags {
 public:
  PbnTags(const std::vector<RawGame>& games, size_t index, const std::string& where)
      : games_(games), index_(index), where_(where) {}

  std::optional<std::string> Get(const std::string& name) const {
    for (size_t i = index_ + 1; i-- > 0;) {
      auto it = games_[i].tags.find(name);
      if (it != games_[i].tags.end() && it->second != "#") return it->second;
    }
    return std::nullopt;
  }
  // A seat tag ("N", "^S"), into *out when given; "?" or empty leave it.
  absl::Status Seat(const char* name, std::optional<int>* out) const {
    const std::optional<std::string> v = Get(name);
    if (!v || v->empty() || *v == "?") return absl::OkStatus();
    const std::optional<int> seat = ParseSeat(absl::StripPrefix(*v, "^"));
    if (!seat) {
      return Bad(absl::StrCat(where_, ": ", name),
                 absl::StrCat("'", *v, "' is not a seat (N, E, S, W)"));
    }
    *out = *seat;
    return absl::OkStatus();
  }

 private:
  const std::vector<RawGame>& games_;
  size_t index_;
  const std::string& where_;
};

// The Deal, Dealer, Declarer, Vulnerable and Contract tags.
absl::Status ReadDealTags(const PbnTags& tags, const std::string& where, GameRecord& r) {
  const std::optional<std::string> deal = tags.Get("Deal");
  if (!deal) return Bad(where, "no Deal tag");
  absl::StatusOr<PbnLayout> hands =
      ParsePbnLayout(*deal, absl::StrCat(where, ": Deal"), false, true);
  if (!hands.ok()) return hands.status();
  r.deal = hands->hands;
  r.known = hands->known;
  if (absl::Status s = tags.Seat("Dealer", &r.dealer); !s.ok()) return s;
  if (absl::Status s = tags.Seat("Declarer", &r.declarer); !s.ok()) return s;
  if (const std::optional<std::string> v = tags.Get("Vulnerable"); v && !v->empty() && *v != "?") {
    const std::optional<Vulnerability> vul = ParseVulnerability(*v);
    if (!vul) {
      return Bad(absl::StrCat(where, ": Vulnerable"),
                 absl::StrCat("'", *v, "' is not a vulnerability (None, NS, EW, All; Love, Both)"));
    }
    r.vulnerability = *vul;
  }
  if (const std::optional<std::string> v = tags.Get("Contract"); v && !v->empty() && *v != "?") {
    absl::StatusOr<Contract> c = ParseContract(*v, absl::StrCat(where, ": Contract"));
    if (!c.ok()) return c.status();
    r.contract = *c;
  }
  return absl::OkStatus();
}

// The Auction tag (the seat of the first call) and its section.
absl::Status ReadAuction(const RawGame& g, const PbnTags& tags, const std::string& where,
                         GameRecord& r) {
  if (g.tags.find("Auction") == g.tags.end()) return absl::OkStatus();
  const std::string field = absl::StrCat(where, ": Auction");
  std::optional<int> first;
  if (absl::Status s = tags.Seat("Auction", &first); !s.ok()) return s;
  if (!first) return Bad(field, "the tag value must be the seat of the first call");
  if (r.dealer && *r.dealer != *first) {
    return Bad(field,
               absl::StrCat("starts with ", Seat(*first), " but the dealer is ", Seat(*r.dealer)));
  }
  r.dealer = first;
  if (auto section = g.sections.find("Auction"); section != g.sections.end()) {
    for (const std::string& token : section->second) {
      if (token == "+") {
        r.program_to_move = true;
      } else if (token == "*" || token == "-" || token[0] == '=' || token[0] == '$') {
        continue;  // end marker, no call, note reference, NAG
      } else if (absl::AsciiStrToUpper(token) == "AP") {
        for (int i = 0; i < 3; ++i) r.auction.push_back("Pass");
      } else if (std::optional<std::string> call = NormalizeCall(token)) {
        r.auction.push_back(*call);
      } else {
        return Bad(field, absl::StrCat("'", token, "' is not a call (Pass, X, XX, 1C..7NT, AP)"));
      }
    }
  }
  return SettleContract(r, field);
}

// The Play section's cards: columns by seat from the opening leader, each trick played from its
// own leader (learnt by replaying the tricks before it); '-' for a card not played.
absl::Status ReadPlayColumns(const std::vector<std::string>& tokens, int opening,
                             const std::string& field, GameRecord& r) {
  PlayPosition p;
  p.hands = r.deal;
  p.trump = r.contract->strain;
  p.leader = opening;
  bool stopped = false;
  for (size_t t = 0; t * 4 < tokens.size(); ++t) {
    for (int k = 0; k < 4; ++k) {
      const int seat = (p.leader + k) & 3;  // p.leader is this trick's leader until it ends
      const size_t column = static_cast<size_t>((seat - opening) & 3);
      const size_t at_token = t * 4 + column;
      const std::string token = at_token < tokens.size() ? tokens[at_token] : "-";
      if (token == "-") {
        stopped = true;
        continue;
      }
      const std::string at = absl::StrCat(field, ": trick ", t + 1);
      if (stopped) {
        return Bad(
            at, absl::StrCat(Seat(seat), "'s card '", token, "' follows a card not played ('-')"));
      }
      const std::optional<int> card = ParseCard(token);
      if (!card) return Bad(at, absl::StrCat("'", token, "' is not a card (e.g. SK, H7)"));
      r.play.push_back(*card);
      if (k == 3) {
        // The trick is complete: replay it to learn who leads the next.
        absl::StatusOr<PlayPosition> next =
            Replay(r.deal, r.known, r.contract->strain, opening, r.play, field);
        if (!next.ok()) return next.status();
        p = *next;
      }
    }
  }
  return absl::OkStatus();
}

// The Play tag (the seat of the opening lead) and its section, checked against the contract.
absl::Status ReadPlay(const RawGame& g, const PbnTags& tags, const std::string& where,
                      GameRecord& r) {
  if (g.tags.find("Play") == g.tags.end()) return absl::OkStatus();
  const std::string field = absl::StrCat(where, ": Play");
  std::optional<int> opening;
  if (absl::Status s = tags.Seat("Play", &opening); !s.ok()) return s;
  auto section = g.sections.find("Play");
  if (section == g.sections.end() || section->second.empty()) return absl::OkStatus();
  if (!opening) return Bad(field, "the tag value must be the seat of the opening lead");
  if (!r.contract || r.contract->passed_out() || !r.declarer) {
    return Bad(field,
               "a play record needs the contract and declarer (Contract and Declarer "
               "tags, or a complete auction)");
  }
  if (*opening != NextSeat(*r.declarer)) {
    return Bad(field,
               absl::StrCat("the opening lead is ", Seat(NextSeat(*r.declarer)), "'s (declarer ",
                            Seat(*r.declarer), "), not ", Seat(*opening), "'s"));
  }
  std::vector<std::string> tokens;
  for (const std::string& t : section->second) {
    if (t == "+") {
      r.program_to_move = true;
    } else if (t == "*") {
      break;
    } else if (t[0] != '=' && t[0] != '$') {
      tokens.push_back(t);
    }
  }
  return ReadPlayColumns(tokens, *opening, field, r);
}

// The Result tag: declarer's tricks, a claim checked against what is still possible.
absl::Status ReadResult(const PbnTags& tags, const std::string& where, GameRecord& r) {
  const std::optional<std::string> v = tags.Get("Result");
  if (!v || v->empty() || *v == "?" || *v == "-" || !r.contract || r.contract->passed_out()) {
    return absl::OkStatus();
  }
  const std::string field = absl::StrCat(where, ": Result");
  int tricks = 0;
  if (!absl::SimpleAtoi(*v, &tricks)) {
    return Bad(field, absl::StrCat(core::Quote(*v), " is not a number of tricks (0 to 13)"));
  }
  r.claim = tricks;
  return CheckClaim(r, field);
}

absl::StatusOr<GameRecord> AssemblePbn(const std::vector<RawGame>& games, size_t index,
                                       const std::string& where) {
  const RawGame& g = games[index];
  GameRecord r;
  r.tags = g.tags;
  r.text = g.text;
  const PbnTags tags(games, index, where);
  if (absl::Status s = ReadDealTags(tags, where, r); !s.ok()) return s;
  if (absl::Status s = ReadAuction(g, tags, where, r); !s.ok()) return s;
  if (absl::Status s = ReadPlay(g, tags, where, r); !s.ok()) return s;
  if (!r.play.empty()) {
    // Checks every card (the last trick may stop part way).
    absl::StatusOr<PlayPosition> p = PositionAfterPlay(r, absl::StrCat(where, ": Play"));
    if (!p.ok()) return p.status();
  }
  if (absl::Status s = ReadResult(tags, where, r); !s.ok()) return s;
  return r;
}

}  // namespace

absl::Status CheckClaim(const GameRecord& r, absl::string_view field) {
  if (!r.claim) return absl::OkStatus();
  if (!r.contract || r.contract->passed_out() || !r.declarer) {
    return Bad(field, "a claim needs the contract and declarer");
  }
  PlayPosition p;
  if (r.play.empty()) {
    p.hands = r.deal;
  } else {
    absl::StatusOr<PlayPosition> after = PositionAfterPlay(r, field);
    if (!after.ok()) return after.status();
    p = *after;
  }
  const int won = IsNorthSouth(*r.declarer) ? p.ns_tricks : p.ew_tricks;
  const int left = r.play.empty() ? static_cast<int>(r.deal[0].size()) : p.TricksLeft();
  if (*r.claim < won || *r.claim > won + left) {
    return Bad(field, absl::StrCat(*r.claim, " tricks for declarer: after the play given declarer ",
                                   "has won ", won, " and ", left, " are left, so ", won, " to ",
                                   won + left));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::optional<AuctionResult>> RunAuction(const std::vector<std::string>& calls,
                                                        int dealer, absl::string_view field) {
  int last_bid = -1, last_bidder = -1, doubled = 0, doubler = -1, passes = 0;
  int first_named[2][5];
  for (auto& side : first_named) {
    for (int& s : side) s = -1;
  }
  bool over = false;
  for (size_t i = 0; i < calls.size(); ++i) {
    const int seat = (dealer + static_cast<int>(i)) & 3;
    const std::string at =
        absl::StrCat(field, ": call ", i + 1, " (", Seat(seat), ", ", calls[i], ")");
    if (over) return Bad(at, "the auction is over");
    const std::string& c = calls[i];
    if (c == "Pass") {
      ++passes;
      over = (last_bid < 0 && passes == 4) || (last_bid >= 0 && passes == 3);
    } else if (c == "X") {
      if (last_bid < 0 || doubled != 0 || (last_bidder & 1) == (seat & 1)) {
        return Bad(at, "a double needs an undoubled bid of the opponents");
      }
      doubled = 1;
      doubler = seat;
      passes = 0;
    } else if (c == "XX") {
      if (doubled != 1 || (doubler & 1) == (seat & 1)) {
        return Bad(at, "a redouble needs a double by the opponents");
      }
      doubled = 2;
      passes = 0;
    } else {
      const int level = c[0] - '0';
      const std::optional<int> strain = ParseStrain(c.substr(1));
      const int bid = BidIndex(level, *strain);
      if (bid <= last_bid) return Bad(at, "insufficient: it must be higher than the last bid");
      last_bid = bid;
      last_bidder = seat;
      doubled = 0;
      passes = 0;
      if (first_named[seat & 1][*strain] < 0) first_named[seat & 1][*strain] = seat;
    }
  }
  if (!over) return std::optional<AuctionResult>();
  AuctionResult result;
  if (last_bid >= 0) {
    const int strain = BidStrain(last_bid);
    result.contract = Contract{BidLevel(last_bid), strain, doubled};
    result.declarer = first_named[last_bidder & 1][strain];
  }
  return std::optional<AuctionResult>(result);
}

absl::StatusOr<PlayPosition> PositionAfterPlay(const GameRecord& record, absl::string_view field) {
  if (!record.contract || record.contract->passed_out() || !record.declarer) {
    return Bad(field, "the contract and declarer are needed to follow the play");
  }
  return Replay(record.deal, record.known, record.contract->strain, NextSeat(*record.declarer),
                record.play, field);
}

absl::StatusOr<std::vector<PbnGame>> ParsePbnGamesEach(absl::string_view text,
                                                       absl::string_view field) {
  absl::StatusOr<std::vector<RawGame>> raw = SplitPbn(text, field);
  if (!raw.ok()) return raw.status();
  if (raw->empty())
    return Bad(field, "no PBN game (a game starts with tags such as [Deal \"N:...\"])");
  std::vector<PbnGame> games;
  for (size_t i = 0; i < raw->size(); ++i) {
    const std::string where =
        raw->size() == 1 ? std::string(field)
                         : absl::StrCat(field, ": game ", i + 1, " (line ", (*raw)[i].line, ")");
    games.push_back({AssemblePbn(*raw, i, where), (*raw)[i].text});
  }
  return games;
}

absl::StatusOr<std::vector<GameRecord>> ParsePbnGames(absl::string_view text,
                                                      absl::string_view field) {
  absl::StatusOr<std::vector<PbnGame>> each = ParsePbnGamesEach(text, field);
  if (!each.ok()) return each.status();
  std::vector<GameRecord> games;
  for (PbnGame& g : *each) {
    if (!g.record.ok()) return g.record.status();
    games.push_back(*std::move(g.record));
  }
  return games;
}

std::string FormatPbnGame(const GameRecord& r) {
  std::vector<std::string> hands = absl::StrSplit(FormatPbnDeal(r.deal).substr(2), ' ');
  for (int s = 0; s < 4; ++s) {
    if (!(r.known >> s & 1)) hands[static_cast<size_t>(s)] = "-";
  }
  std::string out = absl::StrCat("[Deal \"N:", absl::StrJoin(hands, " "), "\"]\n");
  if (r.dealer) absl::StrAppend(&out, "[Dealer \"", Seat(*r.dealer), "\"]\n");
  absl::StrAppend(&out, "[Vulnerable \"", VulnerabilityName(r.vulnerability), "\"]\n");
  if (r.declarer) absl::StrAppend(&out, "[Declarer \"", Seat(*r.declarer), "\"]\n");
  if (r.contract) absl::StrAppend(&out, "[Contract \"", FormatContract(*r.contract), "\"]\n");
  if (r.claim) absl::StrAppend(&out, "[Result \"", *r.claim, "\"]\n");
  if (r.play.empty() || !r.declarer || !r.contract) return out;
  // Columns by seat from the opening leader; each card's seat from the play so far.
  const int opening = NextSeat(*r.declarer);
  absl::StrAppend(&out, "[Play \"", Seat(opening), "\"]\n");
  PlayPosition p;
  p.hands = r.deal;
  p.trump = r.contract->strain;
  p.leader = opening;
  std::string row[4];
  for (size_t i = 0; i < r.play.size(); ++i) {
    if (i % 4 == 0) std::fill(std::begin(row), std::end(row), "-");
    row[(p.ToMove() - opening) & 3] = CardName(r.play[i]);
    p.Play(r.play[i]);
    if (i % 4 == 3 || i + 1 == r.play.size()) {
      absl::StrAppend(&out, row[0], " ", row[1], " ", row[2], " ", row[3], "\n");
    }
  }
  return out;
}

namespace {

constexpr int kLinSeat[4] = {kSouth, kWest, kNorth, kEast};

// One hand of a LIN md value ("SAKHQ2D...") into seat's hand, no card twice in `seen`.
absl::Status ReadLinHand(const std::string& text, int seat, const std::string& at, CardSet& seen,
                         GameRecord& r) {
  int suit = -1;
  for (char ch : text) {
    if (std::optional<int> s = ParseSuit(ch)) {  // S H D C are never ranks
      suit = *s;
      continue;
    }
    const std::optional<int> rank = ParseRank(std::string(1, ch));
    if (!rank || suit < 0) {
      return Bad(at, absl::StrCat("hand of ", Seat(seat), ": '", std::string(1, ch),
                                  "' is not a suit letter (S H D C) or a rank"));
    }
    const int card = MakeCard(suit, *rank);
    if (seen.Contains(card)) return Bad(at, absl::StrCat("the ", CardName(card), " appears twice"));
    seen.Add(card);
    r.deal[seat].Add(card);
  }
  if (r.deal[seat].size() > 13) {
    return Bad(at, absl::StrCat("hand of ", Seat(seat), " has ", r.deal[seat].size(),
                                " cards, at most 13"));
  }
  return absl::OkStatus();
}

// md: the dealer, then the hands of S, W, N and E (E may be left out of a whole deal).
absl::Status ReadLinDeal(const std::string& value, const std::string& at, GameRecord& r) {
  if (value.empty() || value[0] < '1' || value[0] > '4') {
    return Bad(at, "md starts with the dealer: 1 (S), 2 (W), 3 (N) or 4 (E)");
  }
  r.dealer = kLinSeat[value[0] - '1'];
  std::vector<std::string> hands = absl::StrSplit(value.substr(1), ',');
  while (hands.size() > 4 && hands.back().empty()) hands.pop_back();
  if (hands.size() < 3 || hands.size() > 4) {
    return Bad(at, "md needs the hands of S, W, N and E separated by ','");
  }
  CardSet seen;
  for (size_t h = 0; h < hands.size(); ++h) {
    if (absl::Status s = ReadLinHand(hands[h], kLinSeat[h], at, seen, r); !s.ok()) return s;
  }
  if (hands.size() == 3 || hands[3].empty()) {
    for (int s : {kSouth, kWest, kNorth}) {
      if (r.deal[s].size() != 13) {
        return Bad(at,
                   absl::StrCat("East's hand may be left out only when the others hold 13 cards; ",
                                Seat(s), " has ", r.deal[s].size()));
      }
    }
    r.deal[kEast] = CardSet(kFullDeck.mask() & ~seen.mask());
  }
  for (int s = 1; s < 4; ++s) {
    if (r.deal[s].size() != r.deal[0].size()) {
      return Bad(at, absl::StrCat("unequal hands: N has ", r.deal[0].size(), " cards, ", Seat(s),
                                  " has ", r.deal[s].size()));
    }
  }
  return absl::OkStatus();
}

// sv: o (none), n (NS), e (EW) or b (both).
absl::Status ReadLinVulnerability(const std::string& value, const std::string& at, GameRecord& r) {
  const std::string v = absl::AsciiStrToLower(value);
  if (v == "o" || v == "0" || v == "-") {
    r.vulnerability = Vulnerability::kNone;
  } else if (v == "n") {
    r.vulnerability = Vulnerability::kNorthSouth;
  } else if (v == "e") {
    r.vulnerability = Vulnerability::kEastWest;
  } else if (v == "b") {
    r.vulnerability = Vulnerability::kBoth;
  } else {
    return Bad(at, "sv is o (none), n (NS), e (EW) or b (both)");
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<GameRecord> ParseLin(absl::string_view text, absl::string_view field) {
  std::vector<std::string> parts = absl::StrSplit(absl::StripAsciiWhitespace(text), '|');
  GameRecord r;
  bool have_deal = false;
  for (size_t i = 0; i + 1 < parts.size(); i += 2) {
    const std::string key = absl::AsciiStrToLower(absl::StripAsciiWhitespace(parts[i]));
    const std::string value(absl::StripAsciiWhitespace(parts[i + 1]));
    const std::string at = absl::StrCat(field, ": ", key, " '", value, "'");
    if (key == "md") {
      if (absl::Status s = ReadLinDeal(value, at, r); !s.ok()) return s;
      have_deal = true;
    } else if (key == "sv") {
      if (absl::Status s = ReadLinVulnerability(value, at, r); !s.ok()) return s;
    } else if (key == "mb") {
      const std::optional<std::string> call = NormalizeCall(value);
      if (!call) return Bad(at, "not a call (p, d, r, 1C..7N)");
      r.auction.push_back(*call);
    } else if (key == "pc") {
      const std::optional<int> card = ParseCard(value);
      if (!card) return Bad(at, "not a card (e.g. SK, H7)");
      r.play.push_back(*card);
    } else if (key == "mc") {
      int tricks = 0;
      if (!absl::SimpleAtoi(value, &tricks)) {
        return Bad(absl::StrCat(field, ": mc"),
                   absl::StrCat(core::Quote(value), " is not a number of tricks (declarer's)"));
      }
      r.claim = tricks;
    }
  }
  if (!have_deal) return Bad(field, "a LIN record needs md (the deal)");
  if (absl::Status s = SettleContract(r, absl::StrCat(field, ": mb")); !s.ok()) return s;
  if (!r.play.empty()) {
    absl::StatusOr<PlayPosition> p = PositionAfterPlay(r, absl::StrCat(field, ": pc"));
    if (!p.ok()) return p.status();
  }
  if (absl::Status s = CheckClaim(r, absl::StrCat(field, ": mc")); !s.ok()) return s;
  return r;
}

absl::StatusOr<GameRecord> ParseGameRecord(absl::string_view text, absl::string_view field) {
  const absl::string_view t = absl::StripAsciiWhitespace(text);
  if (absl::StrContains(t, "md|")) return ParseLin(t, field);
  absl::StatusOr<std::vector<GameRecord>> games = ParsePbnGames(t, field);
  if (!games.ok()) return games.status();
  if (games->size() != 1) {
    return Bad(field, absl::StrCat("holds ", games->size(), " games; give one"));
  }
  return std::move(games->front());
}

}  // namespace kibitzer::bridge

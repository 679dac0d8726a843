#include "clients/cli/bbo_link.h"

#include <cctype>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/games/bridge/records/record.h"

namespace kibitzer::cli {
namespace {

constexpr std::string_view kSeats = "NESW";

// The parts of `text` between separators (empty parts skipped when skip_empty).
std::vector<std::string_view> Words(std::string_view text, char separator, bool skip_empty) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == separator) {
      if (i > start || !skip_empty) out.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

char Lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

// "AKQ2.AQ6.J64.J53" as the viewer writes a hand: "sakq2haq6dj64cj53"; empty if not a hand.
std::string ViewerHand(std::string_view hand) {
  const std::vector<std::string_view> suits = Words(hand, '.', /*skip_empty=*/false);
  if (suits.size() != 4) return "";
  std::string out;
  for (int s = 0; s < 4; ++s) {
    out += "shdc"[s];
    for (char c : suits[s]) {
      if (!std::isalnum(static_cast<unsigned char>(c))) return "";
      out += Lower(c);
    }
  }
  return out;
}

}  // namespace

std::string HandViewerUrl(std::string_view pbn_deal, std::string_view dealer,
                          std::string_view vulnerable) {
  if (pbn_deal.size() < 2 || pbn_deal[1] != ':') return "";
  const size_t first = kSeats.find(static_cast<char>(std::toupper(pbn_deal[0])));
  const std::vector<std::string_view> hands = Words(pbn_deal.substr(2), ' ', /*skip_empty=*/true);
  if (first == std::string_view::npos || hands.size() != 4) return "";
  std::string url = "https://www.bridgebase.com/tools/handviewer.html?";
  std::vector<std::string> parameters;
  for (size_t i = 0; i < 4; ++i) {
    if (hands[i] == "-") continue;
    const std::string hand = ViewerHand(hands[i]);
    if (hand.empty()) return "";
    parameters.push_back(std::string(1, Lower(kSeats[(first + i) % 4])) + "=" + hand);
  }
  if (dealer.size() == 1 && kSeats.find(dealer[0]) != std::string_view::npos) {
    parameters.push_back(std::string("d=") + Lower(dealer[0]));
  }
  const char* vul = vulnerable == "NS"     ? "n"
                    : vulnerable == "EW"   ? "e"
                    : vulnerable == "All"  ? "b"
                    : vulnerable == "None" ? "-"
                                           : nullptr;
  if (vul != nullptr) parameters.push_back(std::string("v=") + vul);
  for (size_t i = 0; i < parameters.size(); ++i) url += (i ? "&" : "") + parameters[i];
  return url;
}

namespace {

// `text` with every byte but letters, digits and -._~ as %XX (a URL's query value).
std::string UrlEncoded(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_' ||
        c == '~') {
      out += c;
    } else {
      absl::StrAppend(&out, absl::StrFormat("%%%02X", static_cast<unsigned char>(c)));
    }
  }
  return out;
}

// A call as LIN writes it: p, d, r, 1N, 4S.
std::string LinCall(const std::string& call) {
  const std::string c = absl::AsciiStrToUpper(call);
  if (c == "PASS") return "p";
  if (c == "X") return "d";
  if (c == "XX") return "r";
  return c.size() >= 2 && c[1] == 'N' ? c.substr(0, 2) : c;
}

}  // namespace

std::string HandViewerRecordUrl(std::string_view text) {
  const absl::string_view view(text.data(), text.size());
  if (!bridge::LooksLikeRecord(view)) return "";
  absl::StatusOr<bridge::GameRecord> r = bridge::ParseGameRecord(view, "record");
  if (!r.ok() || r->known != 0xF) return "";
  // md: the dealer (1 S, 2 W, 3 N, 4 E), then the hands of S, W, N and E.
  constexpr int kLinOrder[4] = {bridge::kSouth, bridge::kWest, bridge::kNorth, bridge::kEast};
  int dealer_digit = 3;  // North when the record names none
  for (int i = 0; i < 4; ++i) {
    if (r->dealer == kLinOrder[i]) dealer_digit = i + 1;
  }
  std::string lin = absl::StrCat("md|", dealer_digit);
  for (int i = 0; i < 4; ++i) {
    if (i > 0) lin += ',';
    for (int suit = 0; suit < 4; ++suit) {
      lin += bridge::SuitChar(suit);
      for (int rank = 14; rank >= 2; --rank) {
        if (r->deal[kLinOrder[i]].Contains(bridge::MakeCard(suit, rank))) {
          lin += bridge::RankChar(rank);
        }
      }
    }
  }
  const char* sv = r->vulnerability == bridge::Vulnerability::kNorthSouth ? "n"
                   : r->vulnerability == bridge::Vulnerability::kEastWest ? "e"
                   : r->vulnerability == bridge::Vulnerability::kBoth     ? "b"
                                                                          : "o";
  absl::StrAppend(&lin, "|sv|", sv, "|");
  for (const std::string& call : r->auction) absl::StrAppend(&lin, "mb|", LinCall(call), "|");
  for (const int card : r->play) absl::StrAppend(&lin, "pc|", bridge::CardName(card), "|");
  if (r->claim) absl::StrAppend(&lin, "mc|", *r->claim, "|");
  return "https://www.bridgebase.com/tools/handviewer.html?lin=" + UrlEncoded(lin);
}

}  // namespace kibitzer::cli

// The Bridge service's requests: sizes, the deals, positions and records parsed, every error
// naming its field.
#include "service/validate_bridge.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/core/quote.h"
#include "service/convert.h"
#include "service/validate.h"

namespace kibitzer::service {
namespace {

absl::Status CheckCount(int n, const char* field, const char* what, const ApiOptions& options) {
  if (n == 0) return absl::InvalidArgumentError(absl::StrCat(field, ": give at least one ", what));
  if (n > options.max_deal_count) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": ", n, " ", what, "s; at most ",
                                                   options.max_deal_count, " in one call"));
  }
  return absl::OkStatus();
}

absl::Status CheckSize(const std::string& text, const std::string& field,
                       const ApiOptions& options) {
  if (static_cast<int>(text.size()) > options.max_notation_bytes) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": ", text.size(), " bytes; at most ", options.max_notation_bytes));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<TablesInput> ParseTablesRequest(const pb::SolveTablesRequest& request,
                                               const ApiOptions& options) {
  const int n = request.deals_size();
  if (absl::Status s = CheckCount(n, "deals", "deal", options); !s.ok()) return s;
  std::optional<int> dealer;
  if (!request.dealer().empty()) {
    dealer = bridge::ParseSeat(request.dealer());
    if (!dealer) {
      return absl::InvalidArgumentError(absl::StrCat("dealer: ", core::Quote(request.dealer(), 16),
                                                     " is not a seat (N, E, S, W)"));
    }
  }
  std::optional<bridge::Vulnerability> vulnerable;
  if (!request.vulnerable().empty()) {
    vulnerable = bridge::ParseVulnerability(request.vulnerable());
    if (!vulnerable) {
      return absl::InvalidArgumentError(
          absl::StrCat("vulnerable: ", core::Quote(request.vulnerable(), 16),
                       " is not a vulnerability (None, NS, EW, All)"));
    }
  }
  TablesInput input;
  for (int i = 0; i < n; ++i) {
    const std::string field = absl::StrCat("deals[", i, "]");
    const std::string& text = request.deals(i);
    if (absl::Status s = CheckSize(text, field, options); !s.ok()) return s;
    bridge::Hands hands;
    int record_dealer = bridge::kNorth;
    bridge::Vulnerability record_vul = bridge::Vulnerability::kNone;
    const absl::string_view t = absl::StripAsciiWhitespace(text);
    if (absl::StartsWith(t, "[") || absl::StrContains(t, "md|")) {
      absl::StatusOr<bridge::GameRecord> record = bridge::ParseGameRecord(t, field);
      if (!record.ok()) return record.status();
      if (record->known != 0xF) {
        return absl::InvalidArgumentError(
            absl::StrCat(field, ": Deal: a table needs all four hands ('-' is an unknown hand)"));
      }
      hands = record->deal;
      record_dealer = record->dealer.value_or(bridge::kNorth);
      record_vul = record->vulnerability;
    } else {
      absl::StatusOr<bridge::Hands> parsed = bridge::ParsePbnDeal(t, field);
      if (!parsed.ok()) return parsed.status();
      hands = *parsed;
    }
    if (hands[0].size() != 13) {
      return absl::InvalidArgumentError(absl::StrCat(
          field, ": a table needs four hands of 13 cards; these hold ", hands[0].size()));
    }
    input.deals.push_back(hands);
    input.dealers.push_back(dealer.value_or(record_dealer));
    input.vulnerabilities.push_back(vulnerable.value_or(record_vul));
  }
  return input;
}

absl::StatusOr<std::vector<bridge::PlayPosition>> ParseBoardsRequest(
    const pb::SolveBoardsRequest& request, const ApiOptions& options,
    const bridge::BridgeGame& game) {
  const int n = request.positions_size();
  if (absl::Status s = CheckCount(n, "positions", "position", options); !s.ok()) return s;
  std::vector<bridge::PlayPosition> positions;
  for (int i = 0; i < n; ++i) {
    const std::string field = absl::StrCat("positions[", i, "]");
    const pb::Position& p = request.positions(i);
    if (absl::Status s = ValidatePosition(p, options, field); !s.ok()) return s;
    if (p.game() != "bridge") {
      return absl::InvalidArgumentError(absl::StrCat(field, ".game: ", core::Quote(p.game()),
                                                     "; SolveBoards takes bridge positions"));
    }
    absl::StatusOr<std::unique_ptr<core::GameState>> state = game.Setup(FromProto(p));
    if (!state.ok()) {
      return absl::Status(state.status().code(),
                          absl::StrCat(field, ".", state.status().message()));
    }
    const auto& bridge_state = static_cast<const bridge::BridgeState&>(**state);
    if (bridge_state.hidden()) {
      return absl::InvalidArgumentError(
          absl::StrCat(field,
                       ".notation: double-dummy values need all four hands (this is a seat's view; "
                       "use Analyze for Monte Carlo)"));
    }
    const auto& position = bridge_state.position();
    if (position.Finished()) {
      return absl::InvalidArgumentError(absl::StrCat(field, ": every card has been played"));
    }
    positions.push_back(position);
  }
  return positions;
}

absl::StatusOr<bridge::GameRecord> ParsePlayRequest(const pb::AnalyzePlayRequest& request,
                                                    const ApiOptions& options) {
  if (request.record().empty()) {
    return absl::InvalidArgumentError("record: required: a PBN game record or a LIN record");
  }
  if (absl::Status s = CheckSize(request.record(), "record", options); !s.ok()) return s;
  absl::StatusOr<bridge::GameRecord> record = bridge::ParseGameRecord(request.record(), "record");
  if (!record.ok()) return record.status();
  if (record->known != 0xF) {
    return absl::InvalidArgumentError(
        "record: Deal: play analysis needs all four hands ('-' is an unknown hand)");
  }
  if (!record->contract || record->contract->passed_out() || !record->declarer) {
    return absl::InvalidArgumentError(
        "record: play analysis needs the contract and declarer (Contract and Declarer tags, or a "
        "complete auction)");
  }
  return record;
}

}  // namespace kibitzer::service

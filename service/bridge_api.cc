#include "service/bridge_api.h"

#include <algorithm>
#include <chrono>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/core/quote.h"
#include "engine/games/bridge/dd_batch.h"
#include "engine/games/bridge/play_analysis.h"
#include "engine/games/bridge/record.h"
#include "service/validate.h"

namespace kibitzer::service {
namespace {

using Clock = std::chrono::steady_clock;

int64_t ElapsedMs(Clock::time_point since) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - since).count();
}

// The tables a batch takes: one per thread it runs.
size_t BatchTableBytes(const bridge::BatchOptions& batch) {
  return static_cast<size_t>(batch.threads) *
         bridge::DoubleDummySolver::TableBytes(batch.table_megabytes);
}

}  // namespace

void BridgeApi::Shutdown() { admission_.Shutdown(); }

bridge::BatchOptions BridgeApi::Batch(int jobs, core::StopToken* stop) const {
  bridge::BatchOptions batch;
  batch.threads = std::max(1, std::min(options_.threads, jobs));
  batch.stop = stop;
  return batch;
}

absl::StatusOr<pb::SolveTablesResponse> BridgeApi::SolveTables(
    const pb::SolveTablesRequest& request, core::StopToken* stop, const Caller& caller) {
  const auto start = Clock::now();
  const int n = request.deals_size();
  if (n == 0) return absl::InvalidArgumentError("deals: give at least one deal");
  if (n > options_.max_deal_count) {
    return absl::InvalidArgumentError(
        absl::StrCat("deals: ", n, " deals; at most ", options_.max_deal_count, " in one call"));
  }
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
  std::vector<bridge::Hands> deals;
  std::vector<int> dealers;
  std::vector<bridge::Vulnerability> vuls;
  for (int i = 0; i < n; ++i) {
    const std::string field = absl::StrCat("deals[", i, "]");
    const std::string& text = request.deals(i);
    if (static_cast<int>(text.size()) > options_.max_notation_bytes) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": ", text.size(), " bytes; at most ", options_.max_notation_bytes));
    }
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
    deals.push_back(hands);
    dealers.push_back(dealer.value_or(record_dealer));
    vuls.push_back(vulnerable.value_or(record_vul));
  }
  CallAdmission::Ticket admission(&admission_, stop, caller.client, caller.max_queries);
  // SolveTables runs a job per deal and strain.
  const bridge::BatchOptions batch = Batch(5 * n, admission.token());
  if (absl::Status s = admission.Enter(BatchTableBytes(batch)); !s.ok()) return s;
  const std::vector<bridge::DdTable> tables = bridge::SolveTables(deals, batch);
  if (admission.token()->stopped()) return StoppedStatus(*admission.token());
  pb::SolveTablesResponse response;
  for (int i = 0; i < n; ++i) {
    pb::DoubleDummyTable* t = response.add_tables();
    t->set_deal(bridge::FormatPbnDeal(deals[i]));
    for (int strain = 0; strain < 5; ++strain) {
      for (int declarer = 0; declarer < 4; ++declarer)
        t->add_tricks(tables[i].tricks[strain][declarer]);
    }
    const bridge::Par par = bridge::DealerPar(tables[i], dealers[i], vuls[i]);
    t->set_par_score(par.score);
    for (const std::string& c : par.contracts) t->add_par_contracts(c);
    t->set_dealer(std::string(1, bridge::SeatChar(dealers[i])));
    t->set_vulnerable(bridge::VulnerabilityName(vuls[i]));
  }
  response.set_elapsed_ms(ElapsedMs(start));
  return response;
}

absl::StatusOr<pb::SolveBoardsResponse> BridgeApi::SolveBoards(
    const pb::SolveBoardsRequest& request, core::StopToken* stop, const Caller& caller) {
  const auto start = Clock::now();
  const int n = request.positions_size();
  if (n == 0) return absl::InvalidArgumentError("positions: give at least one position");
  if (n > options_.max_deal_count) {
    return absl::InvalidArgumentError(absl::StrCat("positions: ", n, " positions; at most ",
                                                   options_.max_deal_count, " in one call"));
  }
  std::vector<bridge::PlayPosition> positions;
  for (int i = 0; i < n; ++i) {
    const std::string field = absl::StrCat("positions[", i, "]");
    const pb::Position& p = request.positions(i);
    if (absl::Status s = ValidatePosition(p, options_, field); !s.ok()) return s;
    if (p.game() != "bridge") {
      return absl::InvalidArgumentError(absl::StrCat(field, ".game: ", core::Quote(p.game()),
                                                     "; SolveBoards takes bridge positions"));
    }
    core::PositionSpec spec;
    spec.variant = p.variant();
    spec.notation = p.notation();
    spec.moves.assign(p.moves().begin(), p.moves().end());
    spec.seat = p.seat();
    for (const auto& [k, v] : p.options()) spec.options[k] = v;
    absl::StatusOr<std::unique_ptr<core::GameState>> state = game_.Setup(spec);
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
  CallAdmission::Ticket admission(&admission_, stop, caller.client, caller.max_queries);
  const bridge::BatchOptions batch = Batch(n, admission.token());
  if (absl::Status s = admission.Enter(BatchTableBytes(batch)); !s.ok()) return s;
  auto results = bridge::SolveCardsBatch(positions, batch);
  if (admission.token()->stopped()) return StoppedStatus(*admission.token());
  pb::SolveBoardsResponse response;
  for (auto& values : results) {
    // Best first; ties by suit S H D C, then high cards first.
    std::stable_sort(values.begin(), values.end(), [](const auto& a, const auto& b) {
      if (a.second != b.second) return a.second > b.second;
      if (bridge::SuitOf(a.first) != bridge::SuitOf(b.first)) {
        return bridge::SuitOf(a.first) < bridge::SuitOf(b.first);
      }
      return a.first > b.first;
    });
    pb::BoardValues* board = response.add_boards();
    for (const auto& [card, value] : values) {
      pb::CardValue* cv = board->add_cards();
      cv->set_card(bridge::CardName(card));
      cv->set_tricks(value);
    }
  }
  response.set_elapsed_ms(ElapsedMs(start));
  return response;
}

absl::StatusOr<pb::AnalyzePlayResponse> BridgeApi::AnalyzePlay(
    const pb::AnalyzePlayRequest& request, core::StopToken* stop, const Caller& caller) {
  if (request.record().empty()) {
    return absl::InvalidArgumentError("record: required: a PBN game record or a LIN record");
  }
  if (static_cast<int>(request.record().size()) > options_.max_notation_bytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        "record: ", request.record().size(), " bytes; at most ", options_.max_notation_bytes));
  }
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
  CallAdmission::Ticket admission(&admission_, stop, caller.client, caller.max_queries);
  const int table_mb = std::max(1, std::min(options_.max_hash_mb, 64));
  if (absl::Status s = admission.Enter(bridge::DoubleDummySolver::TableBytes(table_mb)); !s.ok()) {
    return s;
  }
  bridge::DoubleDummySolver solver(bridge::DoubleDummySolver::Options{table_mb});
  core::SearchControl control(core::Limits{}, admission.token());
  absl::StatusOr<bridge::PlayAnalysis> analysis = bridge::AnalysePlay(solver, *record, &control);
  if (!analysis.ok()) return analysis.status();
  if (admission.token()->stopped()) return StoppedStatus(*admission.token());
  pb::AnalyzePlayResponse response;
  response.set_contract(bridge::FormatContract(analysis->contract));
  response.set_declarer(std::string(1, bridge::SeatChar(analysis->declarer)));
  response.set_start_tricks(analysis->start);
  for (const bridge::PlayStep& s : analysis->steps) {
    pb::PlayedCard* c = response.add_cards();
    c->set_card(bridge::CardName(s.card));
    c->set_seat(std::string(1, bridge::SeatChar(s.seat)));
    c->set_tricks_before(s.before);
    c->set_tricks_after(s.after);
    c->set_cost(s.cost);
  }
  return response;
}

}  // namespace kibitzer::service

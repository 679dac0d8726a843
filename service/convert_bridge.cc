// The Bridge service's answers as wire messages.
#include "service/convert_bridge.h"

#include <algorithm>

namespace kibitzer::service {

pb::SolveTablesResponse ToProto(const std::vector<bridge::Hands>& deals,
                                const std::vector<int>& dealers,
                                const std::vector<bridge::Vulnerability>& vulnerabilities,
                                const std::vector<bridge::DdTable>& tables) {
  pb::SolveTablesResponse response;
  for (size_t i = 0; i < deals.size(); ++i) {
    pb::DoubleDummyTable* t = response.add_tables();
    t->set_deal(bridge::FormatPbnDeal(deals[i]));
    for (int strain = 0; strain < 5; ++strain) {
      for (int declarer = 0; declarer < 4; ++declarer) {
        t->add_tricks(tables[i].tricks[strain][declarer]);
      }
    }
    const bridge::Par par = bridge::DealerPar(tables[i], dealers[i], vulnerabilities[i]);
    t->set_par_score(par.score);
    for (const std::string& c : par.contracts) t->add_par_contracts(c);
    t->set_dealer(std::string(1, bridge::SeatChar(dealers[i])));
    t->set_vulnerable(bridge::VulnerabilityName(vulnerabilities[i]));
  }
  return response;
}

pb::SolveBoardsResponse ToProto(std::vector<bridge::CardValues> boards) {
  pb::SolveBoardsResponse response;
  for (bridge::CardValues& values : boards) {
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
  return response;
}

pb::AnalyzePlayResponse ToProto(const bridge::PlayAnalysis& analysis) {
  pb::AnalyzePlayResponse response;
  response.set_contract(bridge::FormatContract(analysis.contract));
  response.set_declarer(std::string(1, bridge::SeatChar(analysis.declarer)));
  response.set_start_tricks(analysis.start);
  for (const bridge::PlayStep& s : analysis.steps) {
    pb::PlayedCard* c = response.add_cards();
    c->set_card(bridge::CardName(s.card));
    c->set_seat(std::string(1, bridge::SeatChar(s.seat)));
    c->set_tricks_before(s.before);
    c->set_tricks_after(s.after);
    c->set_cost(s.cost);
  }
  if (analysis.dealer) response.set_dealer(std::string(1, bridge::SeatChar(*analysis.dealer)));
  for (const std::string& call : analysis.auction) response.add_auction(call);
  if (analysis.claim) {
    response.set_claimed(true);
    response.set_claim_tricks(*analysis.claim);
    response.set_claim_double_dummy(analysis.claim_double_dummy);
  }
  return response;
}

}  // namespace kibitzer::service

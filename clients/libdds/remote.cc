#include "clients/libdds/remote.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "absl/strings/str_split.h"
#include "clients/libdds/dds_abi.h"
#include "engine/core/thread_pool.h"
#include "engine/games/bridge/records/record.h"
#include "engine/games/bridge/rules/cards.h"
#include "grpcpp/grpcpp.h"
#include "kibitzer/v1/kibitzer.grpc.pb.h"

namespace kibitzer::libdds {
namespace {

namespace pb = ::kibitzer::v1;

// Longest a server may take over its share of one call (at most 40 tables or 200 boards).
constexpr auto kDeadline = std::chrono::minutes(2);
// AnalyzePlay calls a server is sent at once.
constexpr size_t kCallsPerServer = 4;

std::shared_ptr<grpc::Channel> ChannelTo(const std::string& address) {
  static std::mutex mu;
  static std::map<std::string, std::shared_ptr<grpc::Channel>> channels;
  std::lock_guard<std::mutex> lock(mu);
  std::shared_ptr<grpc::Channel>& channel = channels[address];
  if (!channel) channel = grpc::CreateChannel(address, grpc::InsecureChannelCredentials());
  return channel;
}

// Says on stderr, once in the process, that a server did not answer.
void SayOnce(const std::string& address, const grpc::Status& status) {
  static std::once_flag told;
  std::call_once(told, [&] {
    std::fprintf(stderr, "kibitzer libdds: KIBITZER_DDS_SERVER %s: %s; solving here\n",
                 address.c_str(), status.ok() ? "a short answer" : status.error_message().c_str());
  });
}

// The places marked in `wanted`: what is to be sent.
std::vector<size_t> Marked(const std::vector<bool>& wanted) {
  std::vector<size_t> index;
  for (size_t i = 0; i < wanted.size(); ++i) {
    if (wanted[i]) index.push_back(i);
  }
  return index;
}

// Clears `wanted` at index[k] for each item k a server answered.
void Unmark(const std::vector<size_t>& index, const std::vector<char>& solved,
            std::vector<bool>& wanted) {
  for (size_t k = 0; k < index.size(); ++k) {
    if (solved[k] != 0) wanted[index[k]] = false;
  }
}

// Sends `items` to the servers, a share of them to each, one call a share, at once: `add(request,
// k)` puts item k into its share's request, `take(response, k0, k)` reads the answer to item k
// (the k0-th of its share) and says whether it was whole. Returns a mark for each item answered.
template <typename Request, typename Response, typename Call, typename Take, typename Add>
std::vector<char> SendShares(size_t items, const Call& call, const Take& take, const Add& add) {
  const std::vector<std::string>& servers = RemoteServers();
  const size_t shares = std::min(servers.size(), items);
  std::vector<char> solved(items, 0);  // a byte each: the shares' threads write apart
  core::ThreadGroup calls;
  for (size_t s = 0; s < shares; ++s) {
    const size_t begin = items * s / shares, end = items * (s + 1) / shares;
    calls.Start([&, s, begin, end] {
      Request request;
      for (size_t k = begin; k < end; ++k) add(request, k);
      grpc::ClientContext context;
      context.set_deadline(std::chrono::system_clock::now() + kDeadline);
      Response response;
      const grpc::Status status =
          call(*pb::Bridge::NewStub(ChannelTo(servers[s])), &context, request, &response);
      if (!status.ok()) return SayOnce(servers[s], status);
      for (size_t k = begin; k < end; ++k) {
        if (!take(response, k - begin, k)) return SayOnce(servers[s], status);
        solved[k] = 1;
      }
    });
  }
  calls.Join();
  return solved;
}

// A checked position as the Bridge service takes it: the hands at the start of the trick, the
// cards on the table as moves.
pb::Position PositionMessage(const bridge::PlayPosition& p) {
  bridge::Hands hands = p.hands;
  pb::Position m;
  m.set_game("bridge");
  (*m.mutable_options())["trump"] = std::string(1, bridge::SuitChar(p.trump));
  (*m.mutable_options())["leader"] = std::string(1, bridge::SeatChar(p.leader));
  for (int k = 0; k < p.table_count; ++k) {
    const int card = p.table[static_cast<size_t>(k)];
    hands[static_cast<size_t>((p.leader + k) & 3)].Add(card);
    m.add_moves(bridge::CardName(card));
  }
  m.set_notation(bridge::FormatPbnDeal(hands));
  return m;
}

}  // namespace

const std::vector<std::string>& RemoteServers() {
  static const std::vector<std::string> servers = [] {
    std::vector<std::string> out;
    const char* text = std::getenv("KIBITZER_DDS_SERVER");
    if (text == nullptr) return out;
    for (absl::string_view a : absl::StrSplit(text, ',', absl::SkipWhitespace())) {
      out.emplace_back(a);
    }
    return out;
  }();
  return servers;
}

void SolveTablesRemotely(const std::vector<bridge::Hands>& hands, std::vector<bool>& wanted,
                         std::vector<bridge::DdTable>& tables) {
  std::vector<size_t> index = Marked(wanted);
  // Whole deals only: the server takes no other.
  std::erase_if(index, [&](size_t i) { return hands[i][0].size() != 13; });
  if (RemoteServers().empty() || index.empty()) return;
  const std::vector<char> solved = SendShares<pb::SolveTablesRequest, pb::SolveTablesResponse>(
      index.size(),
      [](pb::Bridge::Stub& stub, grpc::ClientContext* c, const pb::SolveTablesRequest& q,
         pb::SolveTablesResponse* r) { return stub.SolveTables(c, q, r); },
      [&](const pb::SolveTablesResponse& response, size_t k0, size_t k) {
        if (k0 >= static_cast<size_t>(response.tables_size())) return false;
        const pb::DoubleDummyTable& t = response.tables(static_cast<int>(k0));
        if (t.tricks_size() != DDS_STRAINS * DDS_HANDS) return false;
        for (int strain = 0; strain < DDS_STRAINS; ++strain) {
          for (int hand = 0; hand < DDS_HANDS; ++hand) {
            tables[index[k]].tricks[static_cast<size_t>(strain)][static_cast<size_t>(hand)] =
                t.tricks(strain * DDS_HANDS + hand);
          }
        }
        return true;
      },
      [&](pb::SolveTablesRequest& request, size_t k) {
        request.add_deals(bridge::FormatPbnDeal(hands[index[k]]));
      });
  Unmark(index, solved, wanted);
}

void SolveBoardsRemotely(const std::vector<bridge::PlayPosition>& positions,
                         std::vector<bool>& wanted, std::vector<BoardValues>& values) {
  const std::vector<size_t> index = Marked(wanted);
  if (RemoteServers().empty() || index.empty()) return;
  const std::vector<char> solved = SendShares<pb::SolveBoardsRequest, pb::SolveBoardsResponse>(
      index.size(),
      [](pb::Bridge::Stub& stub, grpc::ClientContext* c, const pb::SolveBoardsRequest& q,
         pb::SolveBoardsResponse* r) { return stub.SolveBoards(c, q, r); },
      [&](const pb::SolveBoardsResponse& response, size_t k0, size_t k) {
        if (k0 >= static_cast<size_t>(response.boards_size())) return false;
        BoardValues& out = values[index[k]];
        out.cards.clear();
        for (const pb::CardValue& cv : response.boards(static_cast<int>(k0)).cards()) {
          const std::optional<int> card = bridge::ParseCard(cv.card());
          if (!card) return false;
          out.cards.emplace_back(*card, cv.tricks());
        }
        // The nodes of the call, shared out evenly over its boards.
        out.nodes = static_cast<uint64_t>(response.nodes()) /
                    static_cast<uint64_t>(std::max(1, response.boards_size()));
        return !out.cards.empty();
      },
      [&](pb::SolveBoardsRequest& request, size_t k) {
        *request.add_positions() = PositionMessage(positions[index[k]]);
      });
  Unmark(index, solved, wanted);
}

void AnalyzePlaysRemotely(const std::vector<PlayRecord>& records, std::vector<bool>& wanted,
                          std::vector<std::vector<int>>& totals) {
  // Each address once: the calls on one address share a connection, one client to the server,
  // whose calls at once are limited (kibitzerd's --max-queries-per-client, 8 by default).
  std::vector<std::string> servers = RemoteServers();
  std::sort(servers.begin(), servers.end());
  servers.erase(std::unique(servers.begin(), servers.end()), servers.end());
  const std::vector<size_t> index = Marked(wanted);
  if (servers.empty() || index.empty()) return;
  std::vector<char> solved(index.size(), 0);
  std::atomic<size_t> next{0};
  {
    // A few calls at once on each server: each call is one deal's play.
    core::ThreadGroup calls;
    const size_t callers = std::min(index.size(), kCallsPerServer * servers.size());
    for (size_t c = 0; c < callers; ++c) {
      calls.Start([&, c] {
        const std::string& address = servers[c % servers.size()];
        auto stub = pb::Bridge::NewStub(ChannelTo(address));
        for (size_t k = next++; k < index.size(); k = next++) {
          const PlayRecord& r = records[index[k]];
          bridge::GameRecord game;
          game.deal = r.hands;
          game.declarer = r.declarer;
          game.contract = bridge::Contract{1, r.trump, 0};
          game.play = r.cards;
          pb::AnalyzePlayRequest request;
          request.set_record(bridge::FormatPbnGame(game));
          grpc::ClientContext context;
          context.set_deadline(std::chrono::system_clock::now() + kDeadline);
          pb::AnalyzePlayResponse response;
          const grpc::Status status = stub->AnalyzePlay(&context, request, &response);
          if (!status.ok() || response.cards_size() != static_cast<int>(r.cards.size())) {
            SayOnce(address, status);
            continue;
          }
          std::vector<int>& out = totals[index[k]];
          out.assign(1, response.start_tricks());
          for (const pb::PlayedCard& card : response.cards()) out.push_back(card.tricks_after());
          solved[k] = 1;
        }
      });
    }
  }
  Unmark(index, solved, wanted);
}

}  // namespace kibitzer::libdds

#include "clients/libdds/remote.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>

#include "absl/strings/str_split.h"
#include "clients/libdds/dds_abi.h"
#include "engine/core/thread_pool.h"
#include "grpcpp/grpcpp.h"
#include "kibitzer/v1/kibitzer.grpc.pb.h"

namespace kibitzer::libdds {
namespace {

namespace pb = ::kibitzer::v1;

// Longest a server may take over its share of one call (at most 40 tables).
constexpr auto kDeadline = std::chrono::minutes(2);

std::shared_ptr<grpc::Channel> ChannelTo(const std::string& address) {
  static std::mutex mu;
  static std::map<std::string, std::shared_ptr<grpc::Channel>> channels;
  std::lock_guard<std::mutex> lock(mu);
  std::shared_ptr<grpc::Channel>& channel = channels[address];
  if (!channel) channel = grpc::CreateChannel(address, grpc::InsecureChannelCredentials());
  return channel;
}

// One server's share: deals[index[k]] for k in [begin, end).
void SolveShare(const std::string& address, const std::vector<std::string>& pbn,
                const std::vector<size_t>& index, size_t begin, size_t end,
                std::vector<bridge::DdTable>& tables, std::vector<char>& solved) {
  pb::SolveTablesRequest request;
  for (size_t k = begin; k < end; ++k) request.add_deals(pbn[index[k]]);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kDeadline);
  pb::SolveTablesResponse response;
  const grpc::Status status =
      pb::Bridge::NewStub(ChannelTo(address))->SolveTables(&context, request, &response);
  const bool whole = status.ok() && response.tables_size() == static_cast<int>(end - begin);
  if (!whole) {
    static std::once_flag told;
    std::call_once(told, [&] {
      std::fprintf(stderr, "kibitzer libdds: KIBITZER_DDS_SERVER %s: %s; solving here\n",
                   address.c_str(),
                   status.ok() ? "a short answer" : status.error_message().c_str());
    });
    return;
  }
  for (size_t k = begin; k < end; ++k) {
    const pb::DoubleDummyTable& t = response.tables(static_cast<int>(k - begin));
    if (t.tricks_size() != DDS_STRAINS * DDS_HANDS) continue;
    for (int strain = 0; strain < DDS_STRAINS; ++strain) {
      for (int hand = 0; hand < DDS_HANDS; ++hand) {
        tables[index[k]].tricks[static_cast<size_t>(strain)][static_cast<size_t>(hand)] =
            t.tricks(strain * DDS_HANDS + hand);
      }
    }
    solved[k] = 1;
  }
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
  const std::vector<std::string>& servers = RemoteServers();
  std::vector<std::string> pbn(hands.size());
  std::vector<size_t> index;  // the deals to send: whole ones (the server takes no other)
  for (size_t i = 0; i < hands.size(); ++i) {
    if (!wanted[i] || hands[i][0].size() != 13) continue;
    pbn[i] = bridge::FormatPbnDeal(hands[i]);
    index.push_back(i);
  }
  if (servers.empty() || index.empty()) return;
  const size_t shares = std::min(servers.size(), index.size());
  std::vector<char> solved(index.size(), 0);  // a byte each: the shares' threads write apart
  {
    core::ThreadGroup calls;
    for (size_t s = 0; s < shares; ++s) {
      const size_t begin = index.size() * s / shares, end = index.size() * (s + 1) / shares;
      calls.Start(
          [&, s, begin, end] { SolveShare(servers[s], pbn, index, begin, end, tables, solved); });
    }
  }
  for (size_t k = 0; k < index.size(); ++k) {
    if (solved[k] != 0) wanted[index[k]] = false;
  }
}

}  // namespace kibitzer::libdds

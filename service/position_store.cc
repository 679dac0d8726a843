#include "service/position_store.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "engine/core/quote.h"
#include "engine/core/random_id.h"

namespace kibitzer::service {

PositionStore::PositionStore(int max_positions, std::chrono::milliseconds ttl,
                             std::function<Clock::time_point()> now, std::string id_prefix)
    : max_positions_(static_cast<size_t>(std::max(1, max_positions))),
      ttl_(ttl),
      id_prefix_(std::move(id_prefix)),
      now_(std::move(now)) {}

std::string PositionStore::Put(HeldPosition position, const std::string& client) {
  std::lock_guard<std::mutex> lock(mu_);
  const auto now = now_();
  DropExpired(now);
  if (entries_.size() >= max_positions_) {
    // The client holding the most (counting the one it is about to get), then its least recently
    // used position.
    const std::string* most = &client;
    size_t most_held = held_by_.count(client) != 0 ? held_by_[client] + 1 : 1;
    for (const auto& [c, n] : held_by_) {
      if (n > most_held) {
        most = &c;
        most_held = n;
      }
    }
    auto oldest = entries_.end();
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
      if (it->second.client == *most &&
          (oldest == entries_.end() || it->second.last_used < oldest->second.last_used)) {
        oldest = it;
      }
    }
    // None when the client about to get one holds none and is the most: the store holds one.
    if (oldest == entries_.end()) {
      oldest = std::min_element(entries_.begin(), entries_.end(), [](const auto& a, const auto& b) {
        return a.second.last_used < b.second.last_used;
      });
    }
    Drop(oldest);
  }
  std::string id;
  do {
    id = core::RandomId(id_prefix_);
  } while (entries_.count(id) != 0);
  entries_[id] = Entry{std::move(position), now, client};
  ++held_by_[client];
  return id;
}

absl::StatusOr<HeldPosition> PositionStore::Get(const std::string& id, const std::string& field,
                                                const std::string& client) {
  std::lock_guard<std::mutex> lock(mu_);
  const auto now = now_();
  auto it = entries_.find(id);
  const bool expired = it != entries_.end() && now - it->second.last_used > ttl_;
  if (expired) Drop(it);
  if (it == entries_.end() || expired || it->second.client != client) {
    return absl::NotFoundError(absl::StrCat(field, ": no position ", core::Quote(id),
                                            " is held for this client (unknown, expired or "
                                            "dropped); send it again"));
  }
  it->second.last_used = now;
  return it->second.position;
}

size_t PositionStore::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return entries_.size();
}

void PositionStore::DropExpired(Clock::time_point now) {
  for (auto it = entries_.begin(); it != entries_.end();) {
    auto next = std::next(it);
    if (now - it->second.last_used > ttl_) Drop(it);
    it = next;
  }
}

void PositionStore::Drop(std::map<std::string, Entry>::iterator it) {
  auto held = held_by_.find(it->second.client);
  if (--held->second == 0) held_by_.erase(held);
  entries_.erase(it);
}

}  // namespace kibitzer::service

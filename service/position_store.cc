#include "service/position_store.h"

#include <algorithm>
#include <random>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace kibitzer::service {

PositionStore::PositionStore(int max_positions, std::chrono::milliseconds ttl,
                             std::function<Clock::time_point()> now)
    : max_positions_(static_cast<size_t>(std::max(1, max_positions))),
      ttl_(ttl),
      now_(std::move(now)),
      rng_(std::random_device{}() ^ (uint64_t{std::random_device{}()} << 32)) {}

std::string PositionStore::Put(HeldPosition position) {
  std::lock_guard<std::mutex> lock(mu_);
  const auto now = now_();
  DropExpired(now);
  if (entries_.size() >= max_positions_) {
    auto oldest = std::min_element(
        entries_.begin(), entries_.end(),
        [](const auto& a, const auto& b) { return a.second.last_used < b.second.last_used; });
    entries_.erase(oldest);
  }
  std::string id;
  do {
    id = absl::StrFormat("p-%016x", rng_.Next());
  } while (entries_.count(id) != 0);
  entries_[id] = Entry{std::move(position), now};
  return id;
}

absl::StatusOr<HeldPosition> PositionStore::Get(const std::string& id, const std::string& field) {
  std::lock_guard<std::mutex> lock(mu_);
  const auto now = now_();
  auto it = entries_.find(id);
  if (it == entries_.end() || now - it->second.last_used > ttl_) {
    if (it != entries_.end()) entries_.erase(it);
    return absl::NotFoundError(absl::StrCat(
        field, ": no position '", id, "' is held (unknown, expired or dropped); send it again"));
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
    it = now - it->second.last_used > ttl_ ? entries_.erase(it) : std::next(it);
  }
}

}  // namespace kibitzer::service

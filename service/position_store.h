// PositionStore: positions held by the server under ids from SetupPosition.
//
// Bounded: past `max_positions` the least recently used position is dropped. Each position
// expires `ttl` after its last use. Ids are random, so one client cannot guess another's.
// Thread-safe; positions are immutable and shared, so a reader keeps one alive while it works.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "absl/status/statusor.h"
#include "engine/core/game.h"
#include "engine/core/rng.h"

namespace kibitzer::service {

struct HeldPosition {
  const core::Game* game = nullptr;
  std::shared_ptr<const core::GameState> state;
};

class PositionStore {
 public:
  using Clock = std::chrono::steady_clock;

  PositionStore(int max_positions, std::chrono::milliseconds ttl,
                std::function<Clock::time_point()> now = Clock::now);

  std::string Put(HeldPosition position);
  // NOT_FOUND naming `field` when the id is unknown, expired or dropped.
  absl::StatusOr<HeldPosition> Get(const std::string& id, const std::string& field);
  size_t size() const;

 private:
  struct Entry {
    HeldPosition position;
    Clock::time_point last_used;
  };
  void DropExpired(Clock::time_point now);

  const size_t max_positions_;
  const std::chrono::milliseconds ttl_;
  std::function<Clock::time_point()> now_;
  mutable std::mutex mu_;
  std::map<std::string, Entry> entries_;
  core::Rng rng_;
};

}  // namespace kibitzer::service

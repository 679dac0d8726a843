// PositionStore: positions held by the server under ids from SetupPosition.
//
// Bounded: past `max_positions` a position is dropped, the least recently used one of the client
// holding the most, so that a client setting up positions by the thousand drops its own first and
// not another's. Each position expires `ttl` after its last use. Ids are random, so one client
// cannot guess another's. Thread-safe; positions are immutable and shared, so a reader keeps one
// alive while it works.
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

  // Holds `position` for `client` (who set it up; any client may use it by its id).
  std::string Put(HeldPosition position, const std::string& client = "");
  // NOT_FOUND naming `field` when the id is unknown, expired or dropped.
  absl::StatusOr<HeldPosition> Get(const std::string& id, const std::string& field);
  size_t size() const;

 private:
  struct Entry {
    HeldPosition position;
    Clock::time_point last_used;
    std::string client;
  };
  void DropExpired(Clock::time_point now);
  void Drop(std::map<std::string, Entry>::iterator it);

  const size_t max_positions_;
  const std::chrono::milliseconds ttl_;
  std::function<Clock::time_point()> now_;
  mutable std::mutex mu_;
  std::map<std::string, Entry> entries_;
  std::map<std::string, size_t> held_by_;  // positions of each client holding some
  core::Rng rng_;
};

}  // namespace kibitzer::service

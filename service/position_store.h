// PositionStore: positions held by the server under ids from SetupPosition.
//
// Bounded: past `max_positions` a position is dropped, the least recently used one of the client
// holding the most, so that a client setting up positions by the thousand drops its own first and
// not another's. Each position expires `ttl` after its last use. Ids come from the system's random
// source, and a position is the client's that set it up: another client's id is NOT_FOUND to it.
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

namespace kibitzer::service {

struct HeldPosition {
  const core::Game* game = nullptr;
  std::shared_ptr<const core::GameState> state;
  // The position as the client gave it (a review walks its record and moves).
  std::shared_ptr<const core::PositionSpec> given;
};

class PositionStore {
 public:
  using Clock = std::chrono::steady_clock;

  // Ids are `id_prefix` and random hex ("p-" or, on a named replica, "p-NAME-").
  PositionStore(int max_positions, std::chrono::milliseconds ttl,
                std::function<Clock::time_point()> now = Clock::now, std::string id_prefix = "p-");

  // Holds `position` for `client` (who set it up; only it may use the position by its id).
  std::string Put(HeldPosition position, const std::string& client = "");
  // NOT_FOUND naming `field` when the id is unknown, expired, dropped or another client's (the
  // same answer, so that ids cannot be probed).
  absl::StatusOr<HeldPosition> Get(const std::string& id, const std::string& field,
                                   const std::string& client = "");
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
  const std::string id_prefix_;
  std::function<Clock::time_point()> now_;
  mutable std::mutex mu_;
  std::map<std::string, Entry> entries_;
  std::map<std::string, size_t> held_by_;  // positions of each client holding some
};

}  // namespace kibitzer::service

// One tarok game from the deal: bidding, the talon exchange, the play and the score. Holds what
// is known of the deal (a hand or a talon card may be unknown, for a seat's view) and what each
// move showed (discarded taroks, voids), for sampling the hidden cards.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/games/tarok/rules/play.h"

namespace kibitzer::tarok {

// kKing: four players, the declarer of three, two or one calls a king.
enum class Phase : uint8_t { kBidding, kNaming, kKing, kTalon, kDiscard, kPlay, kDone };

// A move of any phase: a card (0..53: the king called, a discard or a play), a pass, a bid (or
// the final naming of the contract) or the choice of a talon group.
struct Move {
  static constexpr int kPass = 60;
  static constexpr int kBidBase = 64;
  static constexpr int kTalonBase = 80;
  static constexpr int kHiddenCard = 90;  // a discard not shown to this seat
  int code = kPass;
  static Move Card(int c) { return {c}; }
  static Move Bid(Contract c) { return {kBidBase + static_cast<int>(c)}; }
  static Move Talon(int group) { return {kTalonBase + group}; }
  bool IsCard() const { return code < kNumCards; }
  bool IsBid() const { return code >= kBidBase && code < kBidBase + kNumContracts; }
  bool IsTalon() const { return code >= kTalonBase && code < kTalonBase + 6; }
  Contract contract() const { return static_cast<Contract>(code - kBidBase); }
  bool operator==(const Move&) const = default;
};

struct DealCards {
  int players = 3;  // 3 or 4
  std::array<Mask, kMaxPlayers> hands{};
  std::array<bool, kMaxPlayers> known{true, true, true, true};
  std::array<int8_t, 6> talon{};  // -1: not known
};

class Round {
 public:
  // A game at the start of the bidding.
  Round(const Rules& rules, const DealCards& deal);
  // A game after the bidding: `declarer` plays `contract` (klop: declarer -1).
  Round(const Rules& rules, const DealCards& deal, Contract contract, int declarer);

  const Rules& rules() const { return rules_; }
  const DealCards& deal() const { return deal_; }
  int players() const { return deal_.players; }
  Phase phase() const { return phase_; }
  int ToMove() const;
  Contract contract() const { return contract_; }
  int declarer() const { return declarer_; }
  bool auction() const { return auction_; }
  int talon_group() const { return talon_group_; }
  // Four players: the king the declarer called (-1: none).
  int called_king() const { return called_king_; }
  // The declarer's discards: known cards and how many are hidden.
  Mask discards() const { return discards_; }
  int hidden_discards() const { return hidden_discards_; }
  const PlayState& play() const { return play_; }
  // The play as it started (hidden hands empty) and the cards played since, in order.
  const PlayState& play_start() const { return play_start_; }
  const std::vector<int8_t>& cards_played() const { return cards_played_; }
  // Groups (0..3 suits, 4 taroks) a player has shown he lacks, as bits.
  uint8_t voids(int p) const { return voids_[p]; }
  Mask played(int p) const { return played_[p]; }
  // Cards a player holds now, when his hand is known.
  Mask hand(int p) const { return hands_[p]; }
  bool known(int p) const { return deal_.known[p]; }
  // The talon cards given to the declarer (known to all once the talon is shown).
  Mask TakenGroup() const;

  // Legal moves; for a player whose hand is hidden, the cards he might play are those of
  // `unseen` allowed by the rules and his shown voids.
  std::vector<Move> LegalMoves(Mask unseen = 0) const;
  // Applies a move that LegalMoves allows (checked by the caller).
  void Apply(Move m);

  // Scores of the players when the game is over (the declarer and his partner, or each in
  // klop).
  std::array<int, kMaxPlayers> Scores() const;
  // The card points of the side of `p` so far (in klop, his own).
  int CardPoints(int p) const;

 private:
  void StartPlay();
  bool OthersPassed(int p) const;
  int NormalScore(Mask mine, Mask theirs) const;
  void FinishBidding(Contract c, int declarer);
  int NextBidder(int after) const;
  std::vector<Move> BiddingMoves() const;

  Rules rules_;
  DealCards deal_;
  std::array<Mask, kMaxPlayers> hands_{};
  std::array<Mask, kMaxPlayers> played_{};
  std::array<uint8_t, kMaxPlayers> voids_{};
  Phase phase_ = Phase::kBidding;
  bool auction_ = true;
  // Bidding.
  std::array<bool, kMaxPlayers> passed_{};
  int bidder_ = 1;
  int high_holder_ = -1;
  Contract high_bid_ = Contract::kKlop;
  // After the bidding.
  Contract contract_ = Contract::kKlop;
  int declarer_ = -1;
  int called_king_ = -1;
  int talon_group_ = -1;
  Mask discards_ = 0;
  int hidden_discards_ = 0;
  int discards_left_ = 0;
  PlayState play_;
  PlayState play_start_;
  std::vector<int8_t> cards_played_;
};

}  // namespace kibitzer::tarok
